// playaid serve: a game's page without reloading. A tap is sent in the
// background and the page the server answers is put in place of this
// one, with the focus kept on the control that had it; meanwhile the
// page waits on the server for the other phones' changes, so that each
// shows here within a moment. Without this script every button is a form
// that reloads the page.
(function () {
  'use strict';
  var root = document.getElementById('playroot');
  if (!root) {
    return;
  }
  var base = root.getAttribute('data-base');
  var pending = false; // a change came while a secret was being typed

  function version(el) {
    return parseInt(el.getAttribute('data-version'), 10) || 0;
  }

  // ids lists the ids of an element and of its ancestors in the game,
  // nearest first: where to look for its place in the next page.
  function ids(el) {
    var out = [];
    for (; el && el !== root; el = el.parentElement) {
      if (el.id) {
        out.push(el.id);
      }
    }
    return out;
  }

  // focusNear finds, in the new page, the control to focus where the
  // focused one was: itself; else (a count's button at its end, an Undo
  // done, a unit brought onto the table) the nearest of its old
  // ancestors still there — itself when it takes the focus (a card's
  // heading, a log line), else its first control that does.
  var focusable = '[tabindex="-1"], button:not([disabled]), a[href], textarea:not([disabled]), select, input:not([type=hidden])';
  function focusNear(old) {
    for (var i = 0; i < old.length; i++) {
      var el = document.getElementById(old[i]);
      if (!el) {
        continue;
      }
      if (el.matches(focusable)) {
        return el;
      }
      var inner = el.querySelector(focusable);
      if (inner) {
        return inner;
      }
    }
    return null;
  }

  // swap puts the game of the page the server answered in place of this
  // one's, unless this one is newer (another phone's change came first).
  // The toast keeps its element, so that a screen reader hears what was
  // done: it says this phone's last change (own: the answer to its tap),
  // whatever other phones change after. The focus goes back where it was.
  function swap(html, own) {
    var doc = new DOMParser().parseFromString(html, 'text/html');
    var next = doc.getElementById('playroot');
    if (!next) {
      // Not a game's page: the server refused; show its page.
      document.documentElement.replaceWith(document.adoptNode(doc.documentElement));
      return;
    }
    var had = document.activeElement;
    if (!own && had && had.tagName === 'TEXTAREA' && root.contains(had)) {
      pending = true; // not under the typist's hands: after they leave it
      return;
    }
    var old = had && root.contains(had) ? ids(had) : [];
    var toast = document.getElementById('toast');
    var said = next.querySelector('#toast');
    if (version(next) >= version(root)) {
      var y = window.scrollY;
      root.innerHTML = next.innerHTML;
      root.setAttribute('data-version', next.getAttribute('data-version'));
      document.title = doc.title;
      var fresh = document.getElementById('toast');
      if (toast && fresh) {
        fresh.replaceWith(toast);
      }
      window.scrollTo(0, y);
    }
    if (own && toast && said) {
      toast.innerHTML = said.innerHTML;
    }
    if (old.length && document.activeElement !== had) {
      // The toast kept its element, but taking it out of the page to put
      // it back lost its focus.
      var el = document.contains(had) ? had : focusNear(old);
      if (el) {
        el.focus({preventScroll: true});
      }
    }
  }

  function get(url) {
    return fetch(url, {credentials: 'same-origin', cache: 'no-store'}).then(function (r) {
      return r.text();
    }).then(function (html) {
      swap(html, false);
    });
  }

  // refresh shows the game as it stands (keeping the whole log, if shown).
  function refresh() {
    return get(base + (/[?&]log=all/.test(location.search) ? '?log=all' : ''));
  }

  root.addEventListener('submit', function (e) {
    var form = e.target;
    if (form.getAttribute('method') !== 'post') {
      return;
    }
    e.preventDefault();
    var data = new FormData(form);
    var b = e.submitter;
    if (b && b.name) {
      data.append(b.name, b.value);
    }
    root.setAttribute('aria-busy', 'true');
    fetch(form.getAttribute('action'), {
      method: 'POST',
      body: new URLSearchParams(data),
      credentials: 'same-origin'
    }).then(function (r) {
      return r.text();
    }).then(function (html) {
      root.removeAttribute('aria-busy');
      swap(html, true);
    }, function () {
      root.removeAttribute('aria-busy');
      offline(true);
    });
  });

  root.addEventListener('focusout', function (e) {
    if (pending && e.target.tagName === 'TEXTAREA') {
      pending = false;
      setTimeout(refresh, 0);
    }
  });

  // offline says, at the top of the game, that the server does not
  // answer; the page keeps asking.
  function offline(on) {
    var m = document.getElementById('offline');
    if (on && !m) {
      m = document.createElement('p');
      m.id = 'offline';
      m.className = 'offline';
      m.setAttribute('role', 'status');
      m.textContent = 'The server does not answer: is playaid serve still running, and this phone on its network? This page keeps asking.';
      root.parentNode.insertBefore(m, root);
    } else if (!on && m) {
      m.remove();
    }
  }

  // wait asks the server to answer when the game changes; then the page
  // shows the change, and asks again.
  function wait() {
    var asked = Date.now(), since = version(root), moved = false;
    fetch(base + '/wait?v=' + since, {credentials: 'same-origin', cache: 'no-store'}).then(function (r) {
      if (!r.ok) {
        throw new Error('status ' + r.status);
      }
      return r.text();
    }).then(function (t) {
      offline(false);
      var v = parseInt(t, 10);
      moved = v !== since;
      if (v !== version(root)) {
        return refresh();
      }
    }).then(function () {
      // An answer at once with nothing new (the server had too many
      // pages waiting) is asked again a second later; an answer that
      // brought a change, even this phone's own tap, at once.
      setTimeout(wait, !moved && Date.now() - asked < 1000 ? 1000 : 50);
    }, function () {
      offline(true);
      setTimeout(wait, 2000);
    });
  }
  wait();
})();
