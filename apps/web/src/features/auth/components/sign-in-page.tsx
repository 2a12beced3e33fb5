// Placeholder page until its owner lands it (same session).
export default function Page() {
  return (
    <main>
      <h1>sign-in-page</h1>
    </main>
  );
}
