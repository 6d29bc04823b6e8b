import { SalonPhoneLink } from '@/components/ui/SalonPhoneLink';

/**
 * What a page that needs scripts tells a visitor whose browser runs none (blocked, turned off, or a reader that never
 * runs them): what needs them, and the salon's phone number to do it by phone instead. `task` completes
 * 'call us at … to …'.
 */
export function NoScriptNotice({ what, task, className = 'mb-6' }: { what: string; task: string; className?: string }) {
  return (
    <noscript>
      <div className={`${className} rounded-xl border border-amber-400 bg-amber-50 p-4`}>
        <p className="font-semibold">{`${what} needs JavaScript, which is turned off or blocked in this browser.`}</p>
        <p className="mt-1">
          Turn it on and reload this page, or call us at{' '}
          <SalonPhoneLink />{' '}
          {`to ${task}.`}
        </p>
      </div>
    </noscript>
  );
}

/** Booking takes scripts: the booking page, and the menus and service pages whose Add needs them, say so. */
export function BookingNoScriptNotice({ className }: { className?: string }) {
  return <NoScriptNotice what="Online booking" task="book your appointment" className={className} />;
}

/** The favourites list is read from the browser's cookie by the page's scripts: without them it says so. */
export function FavoritesNoScriptNotice({ className }: { className?: string }) {
  return <NoScriptNotice what="Your favourites list" task="book your appointment" className={className} />;
}
