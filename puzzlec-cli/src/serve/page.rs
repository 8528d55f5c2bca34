//! The page's files, built into the command: plain HTML, CSS and JavaScript modules that the
//! browser runs as they are, so that nothing is built or installed but the command.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// Each file by name, with its content type.
const FILES: &[(&str, &str, &str)] = &[
    ("style.css", "text/css", include_str!("page/style.css")),
    ("app.js", "text/javascript", include_str!("page/app.js")),
    ("draw.js", "text/javascript", include_str!("page/draw.js")),
    (
        "view3d.js",
        "text/javascript",
        include_str!("page/view3d.js"),
    ),
];

/// `GET /`: the page.
pub async fn index() -> Response {
    respond("text/html; charset=utf-8", include_str!("page/index.html"))
}

/// `GET /page/{file}`: the style sheet or the script.
pub async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, kind, text)) => respond(kind, text),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

fn respond(kind: &'static str, text: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            // The files change with the command, which a restart loads.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response()
}
