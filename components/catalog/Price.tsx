import { formatUsd } from '@/lib/catalog/format';

/** A price; when discounted, the original struck through with its meaning spelt out for screen readers. */
export function Price({ amount, original, className }: { amount: number; original?: number; className?: string }) {
  const showOriginal = original !== undefined && original > amount;
  return (
    <span className={className}>
      {showOriginal ? (
        <>
          <s className="mr-1 text-gray-700">
            <span className="sr-only">was </span>
            {formatUsd(original)}
          </s>
          <span className="sr-only">now </span>
        </>
      ) : null}
      <span className="font-semibold">{amount === 0 ? 'Free' : formatUsd(amount)}</span>
    </span>
  );
}
