package io.jvortex.testing;

import io.jvortex.internal.jsonl.JsonValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader and writer for the harness's own messages (schemas, oracle requests and
 * answers). Not a general-purpose library: it reads strict JSON into {@link Map} (keys in document
 * order), {@link List}, {@link String}, {@link Long} or {@link BigInteger} (integers),
 * {@link BigDecimal} (other numbers), {@link Boolean} and {@code null}.
 */
public final class Json {

    private final String text;
    private int position;

    private Json(String text) {
        this.text = text;
    }

    /**
     * Parses one JSON value.
     *
     * @param text the JSON text
     * @return the value, as described in the class comment
     * @throws IllegalArgumentException when the text is not one JSON value
     */
    public static Object parse(String text) {
        Json parser = new Json(text);
        Object value = parser.value();
        parser.skipWhitespace();
        if (parser.position != text.length()) {
            throw parser.error("end of input");
        }
        return value;
    }

    /**
     * Parses a JSON object.
     *
     * @param text the JSON text
     * @return the object's members, in document order
     * @throws IllegalArgumentException when the text is not a JSON object
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseObject(String text) {
        Object value = parse(text);
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("expected a JSON object, got: " + abbreviate(text));
        }
        return (Map<String, Object>) value;
    }

    /**
     * Writes a value built of maps, lists, strings, numbers, booleans and nulls as compact JSON.
     *
     * @param out the builder to append to
     * @param value the value
     * @throws IllegalArgumentException for other kinds of value
     */
    public static void write(StringBuilder out, Object value) {
        switch (value) {
            case null -> out.append("null");
            case String s -> JsonValues.appendString(out, s);
            case Boolean b -> out.append(b.booleanValue());
            case Integer i -> out.append(i.intValue());
            case Long l -> out.append(l.longValue());
            case BigInteger b -> out.append(b);
            case BigDecimal d -> out.append(d.toString());
            case Map<?, ?> map -> {
                out.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    JsonValues.appendKey(out, String.valueOf(entry.getKey()));
                    write(out, entry.getValue());
                }
                out.append('}');
            }
            case List<?> list -> {
                out.append('[');
                for (int i = 0; i < list.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    write(out, list.get(i));
                }
                out.append(']');
            }
            default -> throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON");
        }
    }

    /**
     * Returns a value as compact JSON text (see {@link #write}).
     *
     * @param value the value
     * @return its JSON text
     */
    public static String toJson(Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value);
        return out.toString();
    }

    private Object value() {
        skipWhitespace();
        if (position >= text.length()) {
            throw error("a value");
        }
        char c = text.charAt(position);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object() {
        position++; // {
        Map<String, Object> members = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            position++;
            return members;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("a member name");
            }
            String name = string();
            skipWhitespace();
            expect(':');
            members.put(name, value());
            skipWhitespace();
            if (peek() == ',') {
                position++;
            } else {
                expect('}');
                return members;
            }
        }
    }

    private List<Object> array() {
        position++; // [
        List<Object> items = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            position++;
            return Collections.unmodifiableList(items);
        }
        while (true) {
            items.add(value());
            skipWhitespace();
            if (peek() == ',') {
                position++;
            } else {
                expect(']');
                return Collections.unmodifiableList(items);
            }
        }
    }

    private String string() {
        position++; // opening quote
        StringBuilder out = new StringBuilder();
        while (true) {
            if (position >= text.length()) {
                throw error("a closing quote");
            }
            char c = text.charAt(position++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (position >= text.length()) {
                throw error("an escape");
            }
            char escape = text.charAt(position++);
            switch (escape) {
                case '"', '\\', '/' -> out.append(escape);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (position + 4 > text.length()) {
                        throw error("four hex digits");
                    }
                    out.append((char) Integer.parseInt(text, position, position + 4, 16));
                    position += 4;
                }
                default -> throw error("a valid escape");
            }
        }
    }

    private Object number() {
        int start = position;
        while (position < text.length() && "+-0123456789.eE".indexOf(text.charAt(position)) >= 0) {
            position++;
        }
        String token = text.substring(start, position);
        if (token.isEmpty()) {
            throw error("a value");
        }
        try {
            if (token.indexOf('.') < 0 && token.indexOf('e') < 0 && token.indexOf('E') < 0) {
                BigInteger integer = new BigInteger(token);
                return integer.bitLength() < 64 ? (Object) integer.longValue() : integer;
            }
            return new BigDecimal(token);
        } catch (NumberFormatException e) {
            position = start;
            throw error("a number");
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, position)) {
            throw error(word);
        }
        position += word.length();
        return value;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("'" + c + "'");
        }
        position++;
    }

    private char peek() {
        return position < text.length() ? text.charAt(position) : '\0';
    }

    private void skipWhitespace() {
        while (position < text.length() && " \t\r\n".indexOf(text.charAt(position)) >= 0) {
            position++;
        }
    }

    private IllegalArgumentException error(String expected) {
        return new IllegalArgumentException(
                "bad JSON at offset " + position + ": expected " + expected + " in " + abbreviate(text));
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }
}
