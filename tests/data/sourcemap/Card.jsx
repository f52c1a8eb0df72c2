import { useState } from "react";

export function Card({ title }) {
  const [n, setN] = useState(0);
  return (
    <section className="card">
      <h2>{title}</h2>
      <button id="buy" onClick={() => setN(n + 1)}>
        Buy ({n})
      </button>
    </section>
  );
}
