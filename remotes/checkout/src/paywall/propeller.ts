/** Whether a query string carries PropellerAds ids (000 §2.3's tracking whitelist keeps them across navigation). */
export function hasPropellerIds(search: string): boolean {
  const params = new URLSearchParams(search);
  return Boolean(params.get('propeller_click_id') || params.get('propeller_zone_id'));
}
