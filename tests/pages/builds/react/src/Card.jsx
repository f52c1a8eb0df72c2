export function Card({ label }) {
  return (
    <section className="card">
      <button id="buy" type="button">{label}</button>
    </section>
  );
}
