import { createRoot } from "react-dom/client";
import { Card } from "./Card.jsx";

function App() {
  return <Card label="Buy" />;
}

createRoot(document.getElementById("root")).render(<App />);
