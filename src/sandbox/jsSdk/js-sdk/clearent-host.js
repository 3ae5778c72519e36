// A stand-in for the gateway's JavaScript SDK (`/js-sdk/js/clearent-host.js`), served by the Local
// sandbox so a web checkout can be tried against it unchanged: the same global `ClearentSDK`
// (`init`, `getPaymentToken`, `reset`, `initialized`) and the same callbacks, talking only to the
// sandbox that served it. Which init options it honours, and why, is in docs/sandbox.md
// ("JavaScript SDK stand-in"). Written from the public facts listed there, not from the real script.
//
// Safety rules (the lint config enforces the first ones): no eval or string-built code, no HTML
// parsing (elements are made with createElement and filled with textContent), no inline styles (a
// page with a strict Content-Security-Policy can load it), card data is never logged, and the card
// goes to one place: POST <baseUrl>/rest/v2/mobilejwt/manual, where baseUrl must be the origin of
// this script.
(function () {
  'use strict';

  var SCRIPT_PATH = '/js-sdk/js/clearent-host.js';
  var TOKEN_PATH = '/rest/v2/mobilejwt/manual';
  // What the public checkouts render into when they name no form (their element's id).
  var DEFAULT_FORM_ID = 'payment-form';
  var HONOURED = ['baseUrl', 'pk', 'paymentFormId', 'successCallback', 'errorCallback', 'showValidationMessages', 'clearFormOnSuccess'];
  // Global functions that run text: a callback name may not be one of them.
  var RUNS_TEXT = ['eval', 'Function', 'setTimeout', 'setInterval', 'execScript'];
  var IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

  var ownOrigin = scriptOrigin();
  var config = null;
  var form = null;
  var inFlight = null;
  var lastInitProblem = '';
  var formCount = 0;

  /** The origin this script was loaded from: the only place the card is sent. */
  function scriptOrigin() {
    var current = document.currentScript;
    var src = current && current.src;
    if (!src) {
      // Loaded some other way (a module, an injected script already gone): find our tag.
      var scripts = document.getElementsByTagName('script');
      for (var i = 0; i < scripts.length && !src; i++) {
        if (scripts[i].src && new URL(scripts[i].src).pathname === SCRIPT_PATH) src = scripts[i].src;
      }
    }
    return src ? new URL(src).origin : '';
  }

  function fail(problem) {
    lastInitProblem = problem;
    throw new Error('ClearentSDK.init (Local sandbox stand-in): ' + problem);
  }

  /** baseUrl as an origin, refused unless it is exactly the sandbox that served this script. */
  function checkedBaseUrl(given) {
    if (!ownOrigin) fail('cannot tell which Local sandbox served this script; load it with <script src=".../js-sdk/js/clearent-host.js">.');
    if (given === undefined) return ownOrigin;
    if (typeof given !== 'string') fail('baseUrl must be a string; use "' + ownOrigin + '".');
    var url;
    try {
      url = new URL(given);
    } catch (e) {
      fail('baseUrl is not an absolute URL; use "' + ownOrigin + '".');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') fail('baseUrl must be an http(s) URL; use "' + ownOrigin + '".');
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
      fail('baseUrl must be an origin only (no user, path, query or fragment); use "' + ownOrigin + '".');
    }
    if (url.origin !== ownOrigin) {
      fail('baseUrl ' + url.origin + ' is not the Local sandbox that served this script; the stand-in sends cards only to "' + ownOrigin + '".');
    }
    return url.origin;
  }

  /** A callback: a function, or the name of a global function (as published checkouts pass it). */
  function checkedCallback(given, name) {
    if (given === undefined || typeof given === 'function') return given;
    if (typeof given !== 'string' || !IDENTIFIER.test(given) || RUNS_TEXT.indexOf(given) >= 0) {
      fail(name + ' must be a function or the name of a global function.');
    }
    return given;
  }

  function checkedFlag(given, name) {
    if (given === undefined) return false;
    if (typeof given !== 'boolean') fail(name + ' must be true or false.');
    return given;
  }

  function init(options) {
    if (options === null || typeof options !== 'object') fail('pass an options object such as { baseUrl, pk }.');
    var pk = options.pk;
    // A header value: printable ASCII only, no line breaks. The sandbox judges whether it is its HPP public key.
    if (typeof pk !== 'string' || !/^[\x20-\x7e]{1,2048}$/.test(pk) || pk.trim() !== pk) fail('pk must be the hpp-public-key of the Local sandbox (GET /rest/v2/settings/terminal/hpp).');
    var formId = options.paymentFormId === undefined ? DEFAULT_FORM_ID : options.paymentFormId;
    if (typeof formId !== 'string') fail('paymentFormId must be the id of an element.');
    var next = {
      baseUrl: checkedBaseUrl(options.baseUrl),
      pk: pk,
      successCallback: checkedCallback(options.successCallback, 'successCallback'),
      errorCallback: checkedCallback(options.errorCallback, 'errorCallback'),
      showValidationMessages: checkedFlag(options.showValidationMessages, 'showValidationMessages'),
      clearFormOnSuccess: checkedFlag(options.clearFormOnSuccess, 'clearFormOnSuccess'),
    };
    var container = document.getElementById(formId);
    if (!container) fail('no element with id "' + formId + '" to render the payment form into.');
    var ignored = Object.keys(options).filter(function (key) { return HONOURED.indexOf(key) < 0; });
    // Names only, never values: a developer sees what the stand-in does not model.
    if (ignored.length) console.warn('ClearentSDK (Local sandbox stand-in) ignores: ' + ignored.join(', ') + ' (see docs/sandbox.md).');
    reset();
    config = next;
    form = renderForm(container);
    lastInitProblem = '';
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function field(formNumber, key, label, placeholder, autocomplete, maxLength) {
    var id = 'clearent-stand-in-' + formNumber + '-' + key;
    var row = element('div', 'clearent-field clearent-field-' + key);
    var caption = element('label', 'clearent-label', label);
    caption.htmlFor = id;
    // No name attribute: a surrounding <form> never posts the card to the merchant's server.
    var input = element('input', 'clearent-input');
    input.id = id;
    input.type = 'text';
    input.inputMode = 'numeric';
    input.autocomplete = autocomplete;
    input.placeholder = placeholder;
    input.maxLength = maxLength;
    input.spellcheck = false;
    var message = element('div', 'clearent-message');
    message.id = id + '-message';
    message.setAttribute('role', 'alert');
    input.setAttribute('aria-describedby', message.id);
    row.appendChild(caption);
    row.appendChild(input);
    row.appendChild(message);
    return { row: row, input: input, message: message };
  }

  function renderForm(container) {
    formCount += 1;
    var root = element('div', 'clearent-stand-in');
    root.appendChild(element('div', 'clearent-note', 'Local sandbox payment form: use test cards only.'));
    var fields = {
      card: field(formCount, 'card', 'Card number', '4111 1111 1111 1111', 'cc-number', 23),
      exp: field(formCount, 'exp', 'Expiration (MM/YY)', 'MM/YY', 'cc-exp', 7),
      csc: field(formCount, 'csc', 'CSC', '999', 'cc-csc', 4),
    };
    root.appendChild(fields.card.row);
    root.appendChild(fields.exp.row);
    root.appendChild(fields.csc.row);
    container.appendChild(root);
    return { root: root, fields: fields };
  }

  function luhnValid(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = digits.charCodeAt(digits.length - 1 - i) - 48;
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }

  /** MMYY from what was typed (MM/YY, MMYY or MM/YYYY), or '' when it is no date. */
  function expDate(typed) {
    var digits = typed.replace(/\D/g, '');
    if (digits.length === 6) digits = digits.slice(0, 2) + digits.slice(4);
    if (digits.length !== 4) return '';
    var month = Number(digits.slice(0, 2));
    return month >= 1 && month <= 12 ? digits : '';
  }

  /** The client-side checks the public pages describe (Luhn, MMYY not past, CSC shape); the sandbox checks again. */
  function problems(card, exp, csc) {
    var found = {};
    if (card.length < 12 || card.length > 19 || !luhnValid(card)) found.card = 'Enter a valid card number.';
    if (!exp) {
      found.exp = 'Enter the expiration date as MM/YY.';
    } else {
      var now = new Date();
      var year = 2000 + Number(exp.slice(2));
      var month = Number(exp.slice(0, 2));
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) found.exp = 'This card has expired.';
    }
    if (csc && !/^\d{3,4}$/.test(csc)) found.csc = 'Enter the 3 or 4 digit security code.';
    return found;
  }

  function showProblems(found) {
    var keys = ['card', 'exp', 'csc'];
    for (var i = 0; i < keys.length; i++) {
      var shown = config.showValidationMessages && found[keys[i]] ? found[keys[i]] : '';
      form.fields[keys[i]].message.textContent = shown;
      form.fields[keys[i]].input.setAttribute('aria-invalid', shown ? 'true' : 'false');
    }
  }

  /** The gateway's error envelope, for failures that never reached it. */
  function localError(code, message) {
    return { code: code, status: 'fail', 'exchange-id': '', payload: { payloadType: 'error', error: { 'error-message': message } } };
  }

  function callBack(given, fallback, raw, json) {
    var fn = typeof given === 'function' ? given : window[given === undefined ? fallback : given];
    if (typeof fn !== 'function') return;
    try {
      fn(raw, json);
    } catch (e) {
      // A failing callback is the page's error: report it without breaking the promise.
      if (typeof window.reportError === 'function') window.reportError(e);
    }
  }

  function parsed(raw) {
    try {
      return JSON.parse(raw);
    } catch (e) {
      return null;
    }
  }

  function settle(ok, raw, json, cfg) {
    if (ok) callBack(cfg.successCallback, 'ClearentTokenSuccess', raw, json);
    else callBack(cfg.errorCallback, 'ClearentTokenError', raw, json);
    return ok ? json : Promise.reject(json);
  }

  function getPaymentToken() {
    if (!config) {
      var why = lastInitProblem ? ' (' + lastInitProblem + ')' : '';
      var notReady = localError('400', 'ClearentSDK.init has not succeeded' + why + '.');
      return Promise.reject(notReady);
    }
    if (inFlight) return inFlight;
    var cfg = config;
    var card = form.fields.card.input.value.replace(/\D/g, '');
    var exp = expDate(form.fields.exp.input.value);
    var csc = form.fields.csc.input.value.trim();
    var found = problems(card, exp, csc);
    showProblems(found);
    var named = Object.keys(found);
    if (named.length) {
      var invalid = localError('400', named.map(function (k) { return found[k]; }).join(' '));
      return Promise.resolve().then(function () { return settle(false, JSON.stringify(invalid), invalid, cfg); });
    }
    var body = { card: card, 'exp-date': exp, 'software-type': 'Gateway Workbench JS-SDK stand-in', 'software-type-version': '1' };
    if (csc) body.csc = csc;
    var request = fetch(cfg.baseUrl + TOKEN_PATH, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      // A redirect would carry the card to another place: refuse it.
      redirect: 'error',
      referrerPolicy: 'no-referrer',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'public-key': cfg.pk },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.text().then(function (raw) {
        var json = parsed(raw);
        var token = json && json.payload && json.payload['mobile-jwt'];
        var ok = response.status === 200 && token && typeof token.jwt === 'string';
        if (!json) json = localError(String(response.status), 'The Local sandbox answered HTTP ' + response.status + ' without JSON.');
        if (ok && cfg.clearFormOnSuccess && form && config === cfg) clearInputs();
        return settle(ok, raw, json, cfg);
      });
    }, function () {
      var unreachable = localError('0', 'Could not reach the Local sandbox at ' + cfg.baseUrl + ' (is it running?).');
      return settle(false, JSON.stringify(unreachable), unreachable, cfg);
    });
    // A second click while the card is on its way gets the same answer, not a second token.
    var settled = function () {
      if (inFlight === request) inFlight = null;
    };
    inFlight = request;
    request.then(settled, settled);
    return request;
  }

  function clearInputs() {
    var keys = ['card', 'exp', 'csc'];
    for (var i = 0; i < keys.length; i++) form.fields[keys[i]].input.value = '';
  }

  /** Removes the form (and what was typed in it) and forgets the options: init again to pay again. */
  function reset() {
    if (form && form.root.parentNode) form.root.parentNode.removeChild(form.root);
    form = null;
    config = null;
    inFlight = null;
  }

  window.ClearentSDK = {
    init: init,
    getPaymentToken: getPaymentToken,
    reset: reset,
    get initialized() {
      return config !== null;
    },
  };
})();
