// A live table's page (templates/tables/table.html): htmx's WebSocket extension sends the forms over
// the table's socket and swaps in the board the server draws for this player. This script only says
// whether the table is live, and adds the pressed button (the card, the call) to what a form sends.
// Without JavaScript the same forms post as plain forms.
(function () {
  "use strict";
  function state(text, connected) {
    var el = document.getElementById("live-state");
    if (!el) { return; }
    el.textContent = el.dataset[text] || "";
    el.dataset.connected = connected ? "1" : "0";
  }
  document.body.addEventListener("htmx:wsOpen", function () { state("open", true); });
  document.body.addEventListener("htmx:wsClose", function () { state("lost", false); });
  document.body.addEventListener("htmx:wsConfigSend", function (e) {
    var evt = e.detail.triggeringEvent;
    var button = evt && evt.submitter;
    if (button && button.name) { e.detail.parameters[button.name] = button.value; }
  });
})();
