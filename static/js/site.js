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
