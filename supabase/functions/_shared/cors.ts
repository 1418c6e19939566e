// supabase-js sends these headers on functions.invoke; a browser calling the
// function directly preflights them first.
export const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers":
    "authorization, x-client-info, apikey, content-type, x-supabase-api-version, x-cv-object-id",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
};

export function preflight() {
  return new Response("ok", { status: 200, headers: corsHeaders });
}

export function jsonResponse(status: number, body: unknown) {
  return Response.json(body, { status, headers: corsHeaders });
}
