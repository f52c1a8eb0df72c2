export default function Price({ id, amount }) {
  return (
    <p className="price">
      <span id={`price-${id}`} className="amount">{amount} EUR</span>
    </p>
  );
}
