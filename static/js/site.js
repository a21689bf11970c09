// The alert region (base.html #site-alert) holds the message of a request the server could not
// answer (500, 503: baloot_site/middleware.py error_response). Once a later request goes through,
// the message is stale: hide it again.
document.addEventListener("htmx:afterRequest", function (event) {
  var xhr = event.detail.xhr;
  var alert = document.getElementById("site-alert");
  if (alert && xhr && xhr.status < 500 && !event.detail.failed) {
    alert.hidden = true;
  }
});

// The header's menus (base.html: the ⚙ settings, and the phone's ☰ menu) are <details>, which a
// browser opens and closes with their button but never closes on Escape. Escape closes the
// innermost open one whose button is shown (on a phone the settings lie open in the menu, their
// own button hidden: there the menu closes) and gives the focus back to that button.
document.addEventListener("keydown", function (event) {
  if (event.key !== "Escape" || event.defaultPrevented) { return; }
  var open = Array.prototype.slice.call(document.querySelectorAll(".site-header details[open]"));
  var shown = open.filter(function (menu) {
    var button = menu.querySelector(":scope > summary");
    return button && button.getClientRects().length > 0;
  });
  var menu = shown[shown.length - 1];  // in document order, the innermost is the last
  if (!menu) { return; }
  menu.open = false;
  menu.querySelector(":scope > summary").focus();
  event.preventDefault();
});
