// The results archive: the result sheet's Print button (no inline script: the CSP forbids it).
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-print]");
  if (button) window.print();
});
