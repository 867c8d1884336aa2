package io.jvortex.internal.encodings.bitpacked;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One golden vector produced by {@code golden/gen_fastlanes_golden.py} (test resources): {@code key=value}
 * lines, hex for little-endian byte strings, comma-separated decimals for lists.
 *
 * @param name   resource name
 * @param fields the key/value pairs in file order
 */
public record GoldenVector(String name, Map<String, String> fields) {

    /**
     * Loads a resource next to the given class.
     *
     * @param anchor   a class of the package whose resources hold the file
     * @param resource path relative to that package, e.g. {@code golden/x.txt}
     * @return the parsed vector
     */
    public static GoldenVector load(Class<?> anchor, String resource) {
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("missing test resource " + resource);
            }
            Map<String, String> fields = new LinkedHashMap<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int eq = line.indexOf('=');
                fields.put(line.substring(0, eq), line.substring(eq + 1).trim());
            }
            return new GoldenVector(resource, fields);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return whether the key is present */
    public boolean has(String key) {
        return fields.containsKey(key);
    }

    /** @return the raw string value */
    public String string(String key) {
        String value = fields.get(key);
        if (value == null) {
            throw new IllegalArgumentException(name + " has no field " + key);
        }
        return value;
    }

    /** @return an integer field */
    public int integer(String key) {
        return Integer.parseInt(string(key));
    }

    /** @return a hex field as bytes */
    public byte[] bytes(String key) {
        return HexFormat.of().parseHex(string(key));
    }

    /** @return a hex field as a heap segment */
    public MemorySegment segment(String key) {
        return MemorySegment.ofArray(bytes(key));
    }

    /** @return a comma-separated decimal list (empty string = empty list) */
    public long[] longList(String key) {
        String value = string(key);
        return value.isEmpty() ? new long[0] : Arrays.stream(value.split(",")).mapToLong(Long::parseLong).toArray();
    }

    /**
     * Reads a hex field as little-endian integers of the given byte width, zero-extended.
     *
     * @param key       field name
     * @param byteWidth 1, 2, 4 or 8
     * @return the values as unsigned longs (64-bit values keep their bits)
     */
    public long[] unsignedValues(String key, int byteWidth) {
        byte[] raw = bytes(key);
        MemorySegment seg = MemorySegment.ofArray(raw);
        long[] out = new long[raw.length / byteWidth];
        for (int i = 0; i < out.length; i++) {
            long at = (long) i * byteWidth;
            out[i] = switch (byteWidth) {
                case 1 -> Byte.toUnsignedLong(seg.get(ValueLayout.JAVA_BYTE, at));
                case 2 -> Short.toUnsignedLong(seg.get(LE_SHORT, at));
                case 4 -> Integer.toUnsignedLong(seg.get(LE_INT, at));
                default -> seg.get(LE_LONG, at);
            };
        }
        return out;
    }

    /** @return the byte width of a ptype name such as {@code u8} or {@code i64} */
    public static int byteWidth(String ptype) {
        return Integer.parseInt(ptype.substring(1)) / 8;
    }

    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
}
