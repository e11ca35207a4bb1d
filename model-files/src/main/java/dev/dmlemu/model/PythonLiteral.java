package dev.dmlemu.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small subset of Python literals a {@code .npy} header uses: a dict of string keys to strings, True/False,
 * integers and tuples of integers. A header is a flat dict holding a shape tuple, so nesting deeper than
 * {@link #MAX_DEPTH} is refused rather than followed (a header of 30,000 {@code (} would otherwise exhaust the stack).
 */
final class PythonLiteral {

    /** Dicts and tuples nested deeper than this are refused; numpy writes 2 (a dict holding a tuple). */
    static final int MAX_DEPTH = 8;

    private final String text;
    private int at;
    private int depth;

    PythonLiteral(String text) {
        this.text = text;
    }

    /** @throws IllegalArgumentException when the text is not one such dict (trailing whitespace allowed) */
    Map<String, Object> dict() {
        Object value = value();
        skipSpace();
        if (at != text.length()) {
            throw new IllegalArgumentException("unexpected '" + text.charAt(at) + "' after the dict");
        }
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("the header is not a dict");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> dict = (Map<String, Object>) value;
        return dict;
    }

    private Object value() {
        skipSpace();
        if (at >= text.length()) {
            throw new IllegalArgumentException("unexpected end");
        }
        char c = text.charAt(at);
        if ((c == '{' || c == '(') && ++depth > MAX_DEPTH) {
            throw new IllegalArgumentException("dicts and tuples nested more than " + MAX_DEPTH + " deep at offset "
                    + at + " (a .npy header is a flat dict with a shape tuple)");
        }
        if (c == '{') {
            at++;
            Map<String, Object> map = new LinkedHashMap<>();
            while (true) {
                skipSpace();
                if (peek('}')) {
                    at++;
                    depth--;
                    return map;
                }
                Object key = value();
                if (!(key instanceof String)) {
                    throw new IllegalArgumentException("dict key is not a string");
                }
                skipSpace();
                expect(':');
                if (map.put((String) key, value()) != null) {
                    throw new IllegalArgumentException("duplicate key '" + key + "'");
                }
                skipSpace();
                if (peek(',')) {
                    at++;
                } else if (!peek('}')) {
                    throw new IllegalArgumentException("expected ',' or '}' at offset " + at);
                }
            }
        }
        if (c == '(') {
            at++;
            List<Object> items = new ArrayList<>();
            while (true) {
                skipSpace();
                if (peek(')')) {
                    at++;
                    depth--;
                    return items;
                }
                items.add(value());
                skipSpace();
                if (peek(',')) {
                    at++;
                } else if (!peek(')')) {
                    throw new IllegalArgumentException("expected ',' or ')' at offset " + at);
                }
            }
        }
        if (c == '\'' || c == '"') {
            int end = text.indexOf(c, at + 1);
            if (end < 0) {
                throw new IllegalArgumentException("unterminated string");
            }
            String s = text.substring(at + 1, end);
            at = end + 1;
            return s;
        }
        if (text.startsWith("True", at)) {
            at += 4;
            return Boolean.TRUE;
        }
        if (text.startsWith("False", at)) {
            at += 5;
            return Boolean.FALSE;
        }
        int start = at;
        if (c == '-') {
            at++;
        }
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
        String digits = text.substring(start, at);
        if (digits.isEmpty() || digits.equals("-")) {
            throw new IllegalArgumentException("unexpected '" + c + "' at offset " + start);
        }
        if (at < text.length() && text.charAt(at) == 'L') { // Python 2 long suffix
            at++;
        }
        return parseLong(digits);
    }

    private static Long parseLong(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("integer " + (digits.length() > 40 ? digits.substring(0, 40) + "..."
                    : digits) + " is too large");
        }
    }

    private boolean peek(char c) {
        return at < text.length() && text.charAt(at) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw new IllegalArgumentException("expected '" + c + "' at offset " + at);
        }
        at++;
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }
}
