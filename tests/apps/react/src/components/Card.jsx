import styles from './Card.module.css';
import Price from './Price.jsx';

export default function Card({ id, name, price }) {
  return (
    <article className={styles.card} id={`card-${id}`}>
      <h2 className={styles.name}>{name}</h2>
      <Price id={id} amount={price} />
      <button className={styles.buy} id={`buy-${id}`} type="button">
        Add to basket
      </button>
    </article>
  );
}
