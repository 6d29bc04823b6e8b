import { allServiceItems, depositRuleOf } from '@/lib/catalog/catalog';
import { depositPolicyLines } from '@/lib/deposits/policy';

/** The services online booking asks a deposit for, from the catalogue the booking reads (the cancellation policy). */
export function DepositPolicyTable() {
  const lines = depositPolicyLines(allServiceItems().map((item) => ({ title: item.title, price: item.price, rule: depositRuleOf(item.id) })));
  if (lines.length === 0) return <p className="mt-4">No service asks for a deposit at the moment.</p>;
  return (
    <table className="mt-4 w-full text-left text-sm" data-testid="policy-deposits">
      <caption className="sr-only">Deposits asked when booking online</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="py-2 pr-4">
            Service
          </th>
          <th scope="col" className="py-2">
            Deposit
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.service} className="border-b border-brand-100">
            <td className="py-2 pr-4">{line.service}</td>
            <td className="py-2">{line.deposit}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
