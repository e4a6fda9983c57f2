//! Reading and making plain JavaScript values: objects of strings (PGN tags, a
//! variant's pieces) and the options of a call (`{ depth: 5 }`), each checked so that
//! a wrong value is an `Error` that names it, never a crash.

use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::errors::{error, BATON_ERROR};

/// A plain object with these string properties, in order.
pub fn string_object<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Object {
    let object = Object::new();
    for (key, value) in pairs {
        // Setting a property of a fresh plain object cannot fail.
        let _ = Reflect::set(&object, &key.into(), &value.into());
    }
    object
}

/// The own properties of `object` (`what` names it in errors), every value a string.
pub fn string_pairs(object: &Object, what: &str) -> Result<Vec<(String, String)>, JsValue> {
    let mut pairs = Vec::new();
    for entry in Object::entries(object).iter() {
        let entry: js_sys::Array = entry.unchecked_into();
        let key = entry.get(0).as_string().unwrap_or_default();
        let Some(value) = entry.get(1).as_string() else {
            return Err(error(
                BATON_ERROR,
                format!("{what} '{key}' must be a string"),
            ));
        };
        pairs.push((key, value));
    }
    Ok(pairs)
}

/// The keys of `object`'s own properties that are not `known` (`what` names the
/// object in the error).
pub fn only_known(object: &Object, known: &[&str], what: &str) -> Result<(), JsValue> {
    for key in Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !known.contains(&key.as_str()) {
            return Err(error(
                BATON_ERROR,
                format!("unknown {what} '{key}' (known: {})", known.join(", ")),
            ));
        }
    }
    Ok(())
}

/// Property `key` of `object` as a whole number from `min` to `max`; `None` when it
/// is absent (`undefined` or `null`).
pub fn whole_number(
    object: &Object,
    key: &str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, JsValue> {
    let value = Reflect::get(object, &key.into()).unwrap_or(JsValue::UNDEFINED);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    checked_whole(value.as_f64(), key, min, max).map(Some)
}

/// `value` as a whole number from `min` to `max`, or an error naming it `what`.
pub fn checked_whole(value: Option<f64>, what: &str, min: u64, max: u64) -> Result<u64, JsValue> {
    match value {
        Some(n) if n.fract() == 0.0 && n >= min as f64 && n <= max as f64 => Ok(n as u64),
        _ => Err(error(
            BATON_ERROR,
            format!("{what} must be a whole number from {min} to {max}"),
        )),
    }
}
