// The sandbox's payment form SDK, served as `/api/sandbox/form-sdk.js`: shaped like the card provider's
// (Solidgate's `PaymentFormSdk.init({ merchantData, formParams, styles, iframeParams })` and `form.on(event, cb)`,
// 001 §4 "Payment form events"). It puts the form in an iframe on the sandbox's own origin and relays the frame's
// events to the page; a message is taken only from that frame and that origin. Plain ES2017, no build step.

/** The channel name both sides put on their messages (anything else on `message` is not ours). */
export const FORM_CHANNEL = 'sandbox-payment-form';

/** The script's text (served as JavaScript; the checkout loads it only when a checkout opens). */
export const FORM_SDK_SCRIPT = `(function () {
  'use strict';
  var CHANNEL = ${JSON.stringify(FORM_CHANNEL)};
  var EVENTS = ['mounted', 'success', 'fail', 'orderStatus', 'error', 'resize', 'formRedirect', 'verify',
    'interaction', 'submit', 'customStylesAppended', 'card', 'paymentDetails'];
  var LAYOUTS = ['default', 'card', 'inline', 'flat'];
  var BUTTONS = ['default', 'continue'];
  var WALLET_THEMES = ['monochrome-light', 'monochrome-dark', 'colored'];
  // Wallet buttons (001 §4): each asked for in formParams unless disabled, with its theme.
  var walletsOf = function (formParams) {
    return [['googlebtn', formParams.googlePayButtonParams], ['applebtn', formParams.applePayButtonParams]]
      .filter(function (pair) { return pair[1] && typeof pair[1] === 'object' && pair[1].enabled !== false; })
      .map(function (pair) {
        return pair[0] + ':' + (WALLET_THEMES.indexOf(pair[1].color) >= 0 ? pair[1].color : 'colored');
      })
      .join(',');
  };
  var script = document.currentScript;
  var origin = new URL(script ? script.src : location.href).origin;
  var base = script ? new URL('.', script.src).href : origin + '/api/sandbox/';

  function init(data) {
    if (!data || !data.merchantData) throw new Error('PaymentFormSdk.init: merchantData is required');
    var iframeParams = data.iframeParams || {};
    var formParams = data.formParams || {};
    var container = document.getElementById(iframeParams.containerId || 'solid-payment-form-container');
    if (!container) throw new Error('PaymentFormSdk.init: no element with id ' + iframeParams.containerId);
    var handlers = {};
    var emit = function (type, body) {
      (handlers[type] || []).slice().forEach(function (cb) {
        try { cb({ type: type, data: body }); } catch (error) { setTimeout(function () { throw error; }); }
      });
    };
    var query = new URLSearchParams({
      merchant: data.merchantData.merchant,
      signature: data.merchantData.signature,
      paymentIntent: data.merchantData.paymentIntent,
      layout: LAYOUTS.indexOf(formParams.formTypeClass) >= 0 ? formParams.formTypeClass : 'default',
      button: BUTTONS.indexOf(formParams.buttonType) >= 0 ? formParams.buttonType : 'default'
    });
    query.set('origin', location.origin);
    if (formParams.submitButtonText) query.set('buttonText', String(formParams.submitButtonText).slice(0, 40));
    var wallets = walletsOf(formParams);
    if (wallets) query.set('wallets', wallets);
    var frame = document.createElement('iframe');
    frame.src = base + 'form?' + query.toString();
    frame.title = iframeParams.title || 'Card payment form';
    frame.setAttribute('allow', 'payment');
    frame.style.border = '0';
    frame.style.width = iframeParams.width || '100%';
    frame.style.height = '420px';
    frame.style.display = 'block';
    frame.style.colorScheme = 'normal';
    var listener = function (event) {
      // The origin check: only the frame we made, on the sandbox's origin, on our channel.
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var message = event.data;
      if (!message || message.channel !== CHANNEL || EVENTS.indexOf(message.type) < 0) return;
      var body = message.data || {};
      if (message.type === 'resize' && typeof body.height === 'number') frame.style.height = Math.ceil(body.height) + 'px';
      if (message.type === 'mounted' && data.styles)
        frame.contentWindow.postMessage({ channel: CHANNEL, type: 'styles', data: data.styles }, origin);
      emit(message.type, body);
    };
    window.addEventListener('message', listener);
    frame.addEventListener('error', function () {
      emit('error', { type: 'error', value: { name: 'FrameLoadError', message: 'The payment form could not load.' } });
    });
    container.appendChild(frame);
    return {
      on: function (type, cb) { (handlers[type] = handlers[type] || []).push(cb); },
      unsubscribe: function (type) { delete handlers[type]; },
      unsubscribeAll: function () { handlers = {}; },
      submit: function () { frame.contentWindow && frame.contentWindow.postMessage({ channel: CHANNEL, type: 'submit' }, origin); },
      destroy: function () { window.removeEventListener('message', listener); handlers = {}; frame.remove(); }
    };
  }
  window.PaymentFormSdk = { init: init };
})();
`;
