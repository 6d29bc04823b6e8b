import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software for handler tests: it answers the options the server sends as a browser with a
 * platform authenticator would (a P-256 key, 'none' attestation, a signature counter), so the real verification of
 * @simplewebauthn/server runs on its answers.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16).toString('base64url');
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private userHandle = '';
  counter = 0;

  constructor(private readonly origin: string) {}

  private authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private coseKey(): Uint8Array {
    const jwk = (this.keys.publicKey as KeyObject).export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    return isoCBOR.encode(key);
  }

  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const id = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, this.coseKey()]);
    // User present (0x01), verified (0x04), attested credential data (0x40).
    const authData = this.authData(options.rp.id ?? '', 0x45, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** An answer to sign-in options; each one moves the counter on, unless `counter` says which to send. */
  signIn(options: PublicKeyCredentialRequestOptionsJSON, counter = this.counter + 1): AuthenticationResponseJSON {
    this.counter = counter;
    const authData = this.authData(options.rpId ?? '', 0x05);
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    const signature = sign('sha256', signed, this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: this.userHandle,
      },
    };
  }
}
