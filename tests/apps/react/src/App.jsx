import { KitButton } from 'ui-kit';
import Card from './components/Card.jsx';

export default function App() {
  return (
    <main className="shop">
      <h1 id="title">Plants</h1>
      <section className="cards">
        <Card id="fern" name="Fern" price={12} />
        <Card id="ivy" name="Ivy" price={9} />
      </section>
      <footer id="footer">
        <a id="help" href="#help">Help</a>
        <KitButton id="kit-contact">Contact us</KitButton>
      </footer>
    </main>
  );
}
