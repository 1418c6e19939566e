// Which header carries the visitor's address. Fly's proxy sets Fly-Client-IP
// and overwrites any value a client sends, so it cannot be spoofed there;
// X-Forwarded-For can, so it is not trusted by default.
const CLIENT_IP_HEADER = (
  process.env.CLIENT_IP_HEADER ?? "fly-client-ip"
).toLowerCase();

export function getClientIp(request: Request) {
  const value = request.headers.get(CLIENT_IP_HEADER)?.split(",")[0]?.trim();
  return value && value.length <= 64 ? value : "unknown";
}
