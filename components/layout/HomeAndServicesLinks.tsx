import { FrameLink, type LinkMode } from './FrameLink';

/** The two ways on from a page that ends a journey (a 404, a closed account): home, and the services. */
export function HomeAndServicesLinks({ className, links = 'app' }: { className?: string; links?: LinkMode }) {
  return (
    <div className={className}>
      <FrameLink mode={links} href="/" className="btn-solid">
        Back to the home page
      </FrameLink>
      <FrameLink mode={links} href="/services/" className="btn-line">
        See the services
      </FrameLink>
    </div>
  );
}
