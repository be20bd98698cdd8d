export default function Home() {
  return (
    <main>
      <h1>Payin gateway</h1>
      <p>
        The payin API lives under <a href="/api/reference">/api</a>.
      </p>
    </main>
  );
}
