export default function BarePage() {
  return (
    <main>
      <h1>Bare Next.js page</h1>
      <p>The baseline for the benchmark: the same Next.js version with nothing of the salon site.</p>
    </main>
  );
}
