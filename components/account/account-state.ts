/** The shapes the account forms' actions return (no server code: the forms import this). */
export interface Profile {
  id: string;
  name: string;
  email: string;
}

/** A sign-in's answer to the page's scripts: who is signed in, and where to go. */
export interface SignedIn {
  profile: Profile;
  returnPath: string;
}
