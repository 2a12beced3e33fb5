// English strings for the errors area. Top-level keys are unique across locales/en/*.ts.
export default {
  networkDialog: {
    offlineTitle: 'You are offline',
    offline:
      'Your device has lost its internet connection. Check your Wi-Fi or mobile data; this message closes by itself as soon as you are back online.',
    networkErrorTitle: 'NETWORK ERROR',
    networkError:
      'We cannot connect to the server right now. Please be patient while the connection comes back, then try again. Thank you for waiting.',
  },
  maintenanceDialog: {
    title: 'Down for maintenance',
    body: 'We are improving the service and will be back shortly. Thank you for your patience.',
    retryIn_one: 'Try again in {{count}} second',
    retryIn_other: 'Try again in {{count}} seconds',
    retryNow: 'Try again',
    checking: 'Checking…',
    ready: 'You can try again now.',
    stillDown: 'Still under maintenance. We will try again when the countdown ends.',
  },
  apiErrorDialog: {
    title: 'API Error',
    body: 'An error occurred on the API request.',
    status: 'Status: {{status}} {{statusText}}',
    advice: 'Please reload the page and try again. If it keeps happening, try again a little later.',
  },
  notices: {
    sessionExpired: 'Your session has expired. Please reload your page and try again.',
    dismiss: 'Dismiss',
    tryAgainNow: 'You can try again now.',
    tryAgainInSeconds_one: 'Try again in {{count}} second.',
    tryAgainInSeconds_other: 'Try again in {{count}} seconds.',
    tryAgainInMinutes_one: 'Try again in {{count}} minute, at {{time, datetime(timeStyle: short)}}.',
    tryAgainInMinutes_other: 'Try again in {{count}} minutes, at {{time, datetime(timeStyle: short)}}.',
    tryAgainInHours_one: 'Try again in about {{count}} hour, at {{time, datetime(timeStyle: short)}}.',
    tryAgainInHours_other: 'Try again in about {{count}} hours, at {{time, datetime(timeStyle: short)}}.',
    tryAgainOn: 'Try again on {{time, datetime(dateStyle: long; timeStyle: short)}}.',
  },
} as const;
