// The score calculator's small helps; the page works without them.
(function () {
  "use strict";

  // "Copy": the link is in a visible field anyway (select it and copy by hand without JavaScript);
  // with a clipboard, one tap copies it.
  if (navigator.clipboard) {
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
  }

  // htmx puts the hand's own address in the address bar: switching language or digits from the
  // header then comes back to that hand, not to the page as it was first loaded.
  document.addEventListener("htmx:pushedIntoHistory", function (event) {
    document.querySelectorAll('.site-header input[name="next"]').forEach(function (input) {
      input.value = event.detail.path;
    });
  });
})();
