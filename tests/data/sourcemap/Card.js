import { jsxDEV } from "react/jsx-dev-runtime";
import { useState } from "react";
function Card({ title }) {
  const [n, setN] = useState(0);
  return /* @__PURE__ */ jsxDEV("section", { className: "card", children: [
    /* @__PURE__ */ jsxDEV("h2", { children: title }, void 0, false, {
      fileName: "Card.jsx",
      lineNumber: 7,
      columnNumber: 7
    }, this),
    /* @__PURE__ */ jsxDEV("button", { id: "buy", onClick: () => setN(n + 1), children: [
      "Buy (",
      n,
      ")"
    ] }, void 0, true, {
      fileName: "Card.jsx",
      lineNumber: 8,
      columnNumber: 7
    }, this)
  ] }, void 0, true, {
    fileName: "Card.jsx",
    lineNumber: 6,
    columnNumber: 5
  }, this);
}
export {
  Card
};
//# sourceMappingURL=Card.js.map
