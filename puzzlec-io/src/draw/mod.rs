//! Solutions drawn for people and scripts: in the terminal ([`text`]), as an SVG gallery
//! ([`svg`]) and as JSON lines ([`json`]), each piece in its own colour from one [`Palette`].

pub mod json;
pub mod mesh;
pub mod scene;
pub mod stl;
pub mod svg;
pub mod text;

mod palette;

pub use palette::{colours, distance, Colour, Palette, COLOURS};
