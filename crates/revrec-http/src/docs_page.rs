//! `/docs/`: the interactive reference, our page around Swagger UI's renderer. The stock
//! page is titled "Swagger UI", shows the vendor's logo and an "Explore" bar for loading
//! other documents; this one says what it documents and loads only ours (Swagger UI's base
//! layout, no top bar). Its scripts and styles are the vendored Swagger UI files served
//! beside it, so it works offline.

use actix_web::HttpResponse;

/// The page's HTML: fixed, so it is a constant.
const PAGE: &str = r#"<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>revrec API reference</title>
    <link rel="icon" href="/favicon.ico">
    <link rel="stylesheet" type="text/css" href="./swagger-ui.css">
    <style>
      body { margin: 0; font-family: system-ui, sans-serif; }
      .revrec-header { padding: 16px 20px; border-bottom: 1px solid #ddd; }
      .revrec-header h1 { margin: 0; font-size: 20px; }
      .revrec-header p { margin: 4px 0 0; color: #444; font-size: 14px; }
    </style>
  </head>
  <body>
    <header class="revrec-header">
      <h1>revrec API reference</h1>
      <p>Revenue recognition for ASC 606 and IFRS 15. The primary surface is under <code>/v1</code>,
        the guide surface under <code>/api/v1</code>. Authorize with the sandbox token
        <code>rr_test_sandbox</code> in sandbox mode, or an API key. Error codes:
        <a href="/errors">/errors</a>. The document: <a href="/openapi.json">/openapi.json</a>.</p>
    </header>
    <main id="swagger-ui"></main>
    <script src="./swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="./swagger-ui-standalone-preset.js" charset="UTF-8"></script>
    <script src="./swagger-initializer.js" charset="UTF-8"></script>
  </body>
</html>
"#;

/// `GET /docs/`.
pub async fn docs_page() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(PAGE)
}
