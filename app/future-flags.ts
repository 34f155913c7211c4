// Single fetch is on (remix.config.js): loaders' data is typed as turbo-stream carries it (a Date stays a Date).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
