/** '2:30 PM' for a New York wall-clock time, 'HH:mm' or 'YYYY-MM-DD HH:mm': the one 12-hour clock of pages and mail. */
export function formatClock(local: string): string {
  const time = local.length > 5 ? local.slice(11) : local;
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
