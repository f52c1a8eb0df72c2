// The component module of charset_none.html: a Svelte development build's location marker, file name
// not ASCII. Module scripts are decoded as UTF-8 whatever the document's encoding.
document.getElementById("b").__svelte_meta = {loc: {file: "src/lib/Ünïcödé.svelte", line: 4, column: 2}};
window.marked = true;
