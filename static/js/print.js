// The "Print" button of the login cards page (a file of its own: the site's policy allows no inline script).
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
