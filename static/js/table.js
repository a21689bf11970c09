// The practice table after each move (htmx swaps the whole board in, templates/practice/table.html):
// the keyboard's focus lands on the next decision, the arrow keys go from card to card, and the
// cards move as at a real table: a played card from its seat to the trick, a finished trick to its
// winner, the hand closing the gap the card left, a refused card shaking. The page works without
// any of this (plain forms); the motion stays off for who asked for reduced motion.
(function () {
  "use strict";
  var BOARD = "practice-board";
  var still = window.matchMedia("(prefers-reduced-motion: reduce)");
  var before = null; // where things were before the swap

  function rect(el) { return el ? el.getBoundingClientRect() : null; }
  function centre(r) { return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; }

  // What the board looked like before the swap: the hand's cards, the trick's, the last trick shown.
  function remember(board) {
    var hand = {};
    board.querySelectorAll(".practice-hand [data-card]").forEach(function (el) { hand[el.dataset.card] = rect(el); });
    var trick = {};
    board.querySelectorAll(".felt .played").forEach(function (el) { trick[el.dataset.card] = rect(el); });
    var last = board.querySelector(".last-trick");
    var seats = {};
    board.querySelectorAll(".seat").forEach(function (el) {
      var place = (el.className.match(/seat-(north|south|east|west)/) || [])[1];
      if (place) { seats[place] = rect(el); }
    });
    return { hand: hand, trick: trick, last: last ? last.dataset.number : "", seats: seats };
  }

  function slide(el, from, to, options) {
    if (!el.animate || !from || !to) { return null; }
    var a = centre(from), b = centre(to);
    return el.animate(
      [{ transform: "translate(" + (a.x - b.x) + "px," + (a.y - b.y) + "px)" }, { transform: "none" }],
      Object.assign({ duration: 320, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }, options || {})
    );
  }

  // A finished trick: its cards, drawn where they lay on the felt, slide to the winner's seat.
  function sweep(board, old) {
    var last = board.querySelector(".last-trick");
    var felt = board.querySelector(".table-grid");
    if (!last || !felt || last.dataset.number === old.last) { return 0; }
    var winner = board.querySelector(".seat-" + last.dataset.winner);
    var places = (last.dataset.places || "").split(" ");
    var cards = last.querySelectorAll(".trick-cards .card");
    var box = centre(rect(felt));
    var size = rect(felt);
    var offsets = { north: [0, -0.25], south: [0, 0.25], east: [0.22, 0], west: [-0.22, 0] };
    var target = centre(rect(winner || felt));
    cards.forEach(function (card, i) {
      var ghost = card.cloneNode(true);
      var o = offsets[places[i]] || [0, 0];
      ghost.classList.add("trick-ghost");
      ghost.removeAttribute("role");
      ghost.setAttribute("aria-hidden", "true");
      ghost.style.left = box.x + o[0] * size.width + "px";
      ghost.style.top = box.y + o[1] * size.height + "px";
      document.body.appendChild(ghost);
      var dx = target.x - (box.x + o[0] * size.width), dy = target.y - (box.y + o[1] * size.height);
      var run = ghost.animate(
        [{ transform: "translate(-50%,-50%)", opacity: 1 },
         { transform: "translate(-50%,-50%)", opacity: 1, offset: 0.35 },
         { transform: "translate(calc(-50% + " + dx + "px), calc(-50% + " + dy + "px)) scale(.6)", opacity: 0 }],
        { duration: 700, easing: "ease-in" }
      );
      run.onfinish = function () { ghost.remove(); };
    });
    return 500;
  }

  function animate(board, old) {
    var delay = sweep(board, old);
    // The cards of the trick on the felt that were not there before: from their player's seat
    // (the learner's from where it lay in the hand).
    var n = 0;
    board.querySelectorAll(".felt .played").forEach(function (el) {
      if (old.trick[el.dataset.card]) { return; }
      var from = old.hand[el.dataset.card] || old.seats[el.dataset.place];
      slide(el, from, rect(el), { delay: delay + 260 * n });
      n += 1;
    });
    // The hand closes the gap of the card played.
    board.querySelectorAll(".practice-hand [data-card]").forEach(function (el) {
      var was = old.hand[el.dataset.card];
      if (was) { slide(el, was, rect(el), { duration: 260 }); }
    });
    // A refused card shakes beside its reason.
    var refusal = board.querySelector("#refusal[data-refused-card]");
    if (refusal) {
      var card = board.querySelector('#play-form button[value="' + refusal.dataset.refusedCard + '"]');
      if (card) { card.classList.add("shake"); }
    }
  }

  // The next decision: the hinted choice, else the first card the rules allow, else the first call,
  // else declaring, else the next hand.
  function focusDecision(board) {
    var el = board.querySelector(
      "#play-form .hinted, #call-form .choices:not(.choices-refused) .hinted"
    ) || board.querySelector("#play-form button[data-legal]")
      || board.querySelector("#call-form .choices:not(.choices-refused) button[name=call]")
      || board.querySelector("#declare") || board.querySelector("#next-hand")
      || board.querySelector("#guided-done, #see-review");
    if (el) { el.focus(); }
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var board = document.getElementById(BOARD);
    before = board && event.detail.target === board ? remember(board) : null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    var board = document.getElementById(BOARD);
    if (!board || !before) { return; }
    var old = before;
    before = null;
    if (!still.matches) { animate(board, old); }
    focusDecision(board);
  });

  // Arrow keys go from card to card in the order they are drawn (right to left on an Arabic or
  // Persian page); Home and End to the ends. Enter plays the card, as the button it is.
  document.addEventListener("keydown", function (event) {
    var card = event.target.closest && event.target.closest("#play-form button.card");
    if (!card) { return; }
    var cards = Array.prototype.slice.call(card.form.querySelectorAll("button.card"));
    var i = cards.indexOf(card);
    var rtl = getComputedStyle(card).direction === "rtl";
    var step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
    var next = null;
    if (step) { next = cards[(i + step + cards.length) % cards.length]; }
    if (event.key === "Home") { next = cards[0]; }
    if (event.key === "End") { next = cards[cards.length - 1]; }
    if (next) { event.preventDefault(); next.focus(); }
  });
})();
