// playaid serve: the builder updates its totals and messages as you edit,
// without reloading. Every page works without this script: the buttons are
// plain form submissions that the server answers with the whole page.
(function () {
  'use strict';
  document.documentElement.classList.add('js');

  var form = document.getElementById('builder');
  if (form) {
    builder(form);
  }
  // After a save, a rename or a copy the page says what happened: the
  // focus starts there, not at the top of the page.
  var notice = document.getElementById('notice');
  if (notice && !document.querySelector('[autofocus]')) {
    notice.focus();
  }
  // Game night: the downloads are of the choices last gathered; once a
  // choice changes they are off until Gather makes the new ones.
  var night = document.getElementById('nightform');
  if (night) {
    var stale = function () {
      var sec = document.getElementById('night');
      if (!sec || sec.classList.contains('stale')) {
        return;
      }
      sec.classList.add('stale');
      sec.querySelectorAll('a[href]').forEach(function (a) {
        a.setAttribute('data-href', a.getAttribute('href'));
        a.removeAttribute('href');
        a.setAttribute('aria-disabled', 'true');
        a.setAttribute('role', 'link');
      });
      var note = document.getElementById('nightstale');
      if (note) {
        note.hidden = false;
      }
    };
    night.addEventListener('change', stale);
    night.addEventListener('input', stale);
  }
  document.addEventListener('click', function (e) {
    var b = e.target.closest('[data-copy]');
    if (b) {
      copy(document.getElementById(b.getAttribute('data-copy')), b);
    }
  });

  function builder(form) {
    var seq = 0;
    var timer = null;
    var dirty = false;

    // post sends the form (and the button pressed) to /build and returns
    // the page the server answers with, or null when a later edit has
    // overtaken it.
    function post(submitter) {
      var data = new FormData(form);
      if (submitter && submitter.name) {
        data.append(submitter.name, submitter.value);
      }
      var mine = ++seq;
      form.setAttribute('aria-busy', 'true');
      return fetch(form.getAttribute('action'), {
        method: 'POST',
        body: new URLSearchParams(data),
        credentials: 'same-origin'
      }).then(function (r) {
        return r.text();
      }).then(function (html) {
        if (mine !== seq) {
          return null;
        }
        form.removeAttribute('aria-busy');
        var doc = new DOMParser().parseFromString(html, 'text/html');
        if (!doc.getElementById('builder')) {
          // Not the builder: the server refused the request. Show its page.
          document.documentElement.replaceWith(document.adoptNode(doc.documentElement));
          return null;
        }
        return doc;
      }, function () {
        form.removeAttribute('aria-busy');
        var m = document.getElementById('listmsgs');
        if (m && mine === seq) {
          m.innerHTML = '<ul class="msgs"><li class="err">The server did not answer: is playaid serve still running? Your edits are still on this page.</li></ul>';
        }
        return null;
      });
    }

    // live swaps the parts of the page that only show (totals, messages,
    // costs), never an input the player may be typing in.
    function live(doc) {
      if (!doc) {
        return;
      }
      doc.querySelectorAll('[data-live], [data-cls]').forEach(function (el) {
        var cur = document.getElementById(el.id);
        if (!cur) {
          return;
        }
        cur.className = el.className;
        if (!el.hasAttribute('data-live')) {
          return;
        }
        if (cur.tagName === 'TEXTAREA') {
          cur.value = el.value;
        } else {
          cur.innerHTML = el.innerHTML;
        }
      });
    }

    // whole replaces the form: units were added or removed, or the
    // fields on offer changed. The focus goes where the server says
    // (autofocus: the Add button pressed, the Remove button that took the
    // removed unit's place), else back to the control that had it; a
    // screen reader hears what changed.
    function whole(doc) {
      var next = doc && doc.getElementById('builder');
      if (!next) {
        return;
      }
      var had = document.activeElement;
      var key = had && had.name ? {name: had.name, value: had.value, tag: had.tagName} : null;
      // What the player opened stays open (List details, a unit's more
      // fields): the server's page opens only what needs attention.
      var open = {};
      form.querySelectorAll('details').forEach(function (d) {
        open[detailsKey(d)] = d.open;
      });
      form.innerHTML = next.innerHTML;
      form.querySelectorAll('details').forEach(function (d) {
        if (open[detailsKey(d)]) {
          d.open = true;
        }
      });
      var target = form.querySelector('[autofocus]');
      if (!target && key) {
        form.querySelectorAll(key.tag).forEach(function (el) {
          if (!target && el.name === key.name && (key.tag !== 'BUTTON' || el.value === key.value)) {
            target = el;
          }
        });
      }
      if (target) {
        target.focus();
      }
      var said = doc.getElementById('announce');
      var here = document.getElementById('announce');
      if (said && here) {
        here.textContent = said.textContent;
      }
    }

    form.addEventListener('submit', function (e) {
      var b = e.submitter;
      if (b && b.getAttribute('formaction') === '/save') {
        dirty = false; // the page is being saved: leave without asking
        return;
      }
      e.preventDefault();
      clearTimeout(timer);
      if (b && b.name !== 'op') {
        dirty = true;
      }
      post(b).then(whole);
    });

    form.addEventListener('input', function (e) {
      dirty = true;
      clearTimeout(timer);
      var name = e.target.name || '';
      if (name === 'system' || name === 'scenario' || name === 'side' || name === 'faction' || /^u\.\d+\.type$/.test(name)) {
        post(null).then(whole); // the fields on offer change
        return;
      }
      timer = setTimeout(function () {
        post(null).then(live);
      }, 200);
    });

    window.addEventListener('beforeunload', function (e) {
      if (dirty) {
        e.preventDefault();
        e.returnValue = '';
      }
    });
  }

  // detailsKey names a details element by the nearest element with an id
  // around it and its place among that one's details.
  function detailsKey(d) {
    var box = d.parentElement ? d.parentElement.closest('[id]') : null;
    var all = (box || document).querySelectorAll('details');
    return (box ? box.id : '') + ':' + Array.prototype.indexOf.call(all, d);
  }

  function copy(area, button) {
    if (!area) {
      return;
    }
    var done = function () {
      var old = button.textContent;
      button.textContent = 'Copied';
      setTimeout(function () { button.textContent = old; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(done, function () {});
      return;
    }
    area.select();
    if (document.execCommand('copy')) {
      done();
    }
  }
})();
