// The script of the reset page, served from this origin as a file (so the page's CSP can forbid
// inline script). It reads the token from the link, takes it off the address bar, posts the two
// passwords with it and shows the API's sentence. Plain ES2017 so every current browser runs it.
export const RESET_PAGE_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('reset-form');
  var notice = document.getElementById('notice');
  var api = document.documentElement.getAttribute('data-api');
  var token = new URLSearchParams(location.search).get('token') || '';
  // The token stays in this page's memory only: off the address bar, out of the history.
  history.replaceState(null, '', location.pathname);
  function say(kind, text, details) {
    notice.hidden = false;
    notice.className = 'notice ' + kind;
    notice.textContent = text;
    (details || []).forEach(function (d) {
      var line = document.createElement('div');
      line.textContent = d.message;
      notice.appendChild(line);
    });
  }
  if (!token) {
    form.hidden = true;
    say('error', 'This link has no reset token. Ask for a new reset e-mail.');
    return;
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var password = form.elements.namedItem('password').value;
    var confirmPassword = form.elements.namedItem('confirmPassword').value;
    if (password !== confirmPassword) return say('error', 'The two passwords differ.');
    var button = form.querySelector('button');
    button.disabled = true;
    fetch(api, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token: token, password: password, confirmPassword: confirmPassword }),
      credentials: 'omit',
    })
      .then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (body) {
          if (res.ok) {
            form.hidden = true;
            say('ok', body.message || 'Your password was changed.');
          } else {
            say('error', body.message || 'The password could not be changed (HTTP ' + res.status + ').', body.details);
          }
        });
      })
      .catch(function () { say('error', 'The server could not be reached. Try again.'); })
      .then(function () { button.disabled = false; });
  });
})();
`;
