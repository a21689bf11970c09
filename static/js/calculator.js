// The score calculator's "Copy" button: the link is in a visible field anyway (select it and copy
// by hand without JavaScript); with JavaScript and a clipboard, one tap copies it.
(function () {
  "use strict";
  if (!navigator.clipboard) return;
  document.documentElement.classList.add("calc-can-copy");
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) return;
    navigator.clipboard.writeText(field.value).then(function () {
      button.textContent = button.getAttribute("data-done");
    });
  });
})();
