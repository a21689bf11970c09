// Step-through demonstrations (templates/lessons/partials/demo.html): the arrow keys follow the
// "previous card" and "next card" links, in the page's reading direction (right to left in Arabic
// and Persian, where the left arrow goes forward). Without this script the links work alone.
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return;
  }
  var demo = document.querySelector("[data-demo]");
  var target = event.target;
  if (!demo || (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)))) {
    return;
  }
  var rtl = document.documentElement.dir === "rtl";
  var link = null;
  if (event.key === (rtl ? "ArrowLeft" : "ArrowRight")) {
    link = demo.querySelector("[data-demo-next]");
  } else if (event.key === (rtl ? "ArrowRight" : "ArrowLeft")) {
    link = demo.querySelector("[data-demo-previous]");
  }
  if (link) {
    event.preventDefault();
    link.click();
  }
});
