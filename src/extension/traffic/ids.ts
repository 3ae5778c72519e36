// The Traffic view's ids, shared by its manifest data and its code.
export const TRAFFIC_VIEW_ID = 'gatewayWorkbench.traffic';

export const TRAFFIC_COMMANDS = {
  open: 'gateway.traffic.open',
  openAsRequestFile: 'gateway.traffic.openAsRequestFile',
  replay: 'gateway.traffic.replay',
  generateCode: 'gateway.traffic.generateCode',
  clear: 'gateway.traffic.clear',
  openRecording: 'gateway.traffic.openRecording',
  showViewListings: 'gateway.traffic.showViewListings',
  hideViewListings: 'gateway.traffic.hideViewListings',
} as const;

/** Context key: the Traffic view shows the Gateway view's own listings (which toggle the title bar offers). */
export const SHOWS_VIEW_LISTINGS_CONTEXT = 'gatewayWorkbench.traffic.showsViewListings';
