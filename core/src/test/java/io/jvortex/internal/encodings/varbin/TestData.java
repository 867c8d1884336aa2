package io.jvortex.internal.encodings.varbin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Test-only: string generators over a caller's seeded generator (take it from
 * {@link io.jvortex.testing.Seeds#random(String)}, which prints and replays the seed) and comparison
 * helpers.
 */
public final class TestData {
    private TestData() {
    }

    /** What characters generated strings are drawn from. */
    public enum Alphabet {
        /** Lower-case ASCII letters and spaces: compressible. */
        ASCII,
        /** ASCII mixed with 2-, 3- and 4-byte characters. */
        UNICODE,
        /** Arbitrary bytes (binary only). */
        BYTES
    }

    private static final String[] UNICODE_PIECES = {"a", "b", " ", "é", "ß", "ж", "中", "文", "€", "😀", "𝄞", "x"};

    /**
     * @param rnd the generator
     * @param rows how many
     * @param nullFraction probability of a null row (0 = none, 1 = all)
     * @param maxLength longest value, in characters (ASCII/UNICODE) or bytes
     * @param alphabet the characters
     * @return the values; {@code null} entries are null rows
     */
    public static List<byte[]> strings(SplittableRandom rnd, int rows, double nullFraction, int maxLength,
                                       Alphabet alphabet) {
        List<byte[]> out = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            if (nullFraction > 0 && rnd.nextDouble() < nullFraction) {
                out.add(null);
                continue;
            }
            int len = rnd.nextInt(maxLength + 1);
            out.add(value(rnd, len, alphabet));
        }
        return out;
    }

    /** @return one value of about {@code length} characters or bytes */
    public static byte[] value(SplittableRandom rnd, int length, Alphabet alphabet) {
        switch (alphabet) {
            case BYTES -> {
                byte[] b = new byte[length];
                rnd.nextBytes(b);
                return b;
            }
            case ASCII -> {
                byte[] b = new byte[length];
                for (int k = 0; k < length; k++) {
                    int r = rnd.nextInt(30);
                    b[k] = (byte) (r >= 26 ? ' ' : 'a' + r % 8); // few letters: compressible
                }
                return b;
            }
            default -> {
                StringBuilder sb = new StringBuilder();
                for (int k = 0; k < length; k++) {
                    sb.append(UNICODE_PIECES[rnd.nextInt(UNICODE_PIECES.length)]);
                }
                return sb.toString().getBytes(StandardCharsets.UTF_8);
            }
        }
    }

    /** @return the UTF-8 bytes of each string (null stays null) */
    public static List<byte[]> utf8(String... values) {
        List<byte[]> out = new ArrayList<>();
        for (String s : values) {
            out.add(s == null ? null : s.getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }

    /** @return the validity of values (non-null = valid) */
    public static boolean[] validity(List<byte[]> values) {
        boolean[] v = new boolean[values.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(i) != null;
        }
        return v;
    }

    /** @return whether any value is null */
    public static boolean hasNulls(List<byte[]> values) {
        return values.stream().anyMatch(v -> v == null);
    }

    /**
     * Reads a decoded string array back as values (null for null rows).
     *
     * @param a a {@link VarBinArray} or {@link VarBinViewArray}
     * @return its values
     */
    public static List<byte[]> values(Canonical a) {
        List<byte[]> out = new ArrayList<>(a.length());
        for (int i = 0; i < a.length(); i++) {
            if (!a.isValid(i)) {
                out.add(null);
            } else {
                out.add(switch (a) {
                    case VarBinArray v -> v.value(i);
                    case VarBinViewArray v -> v.value(i);
                    default -> throw new AssertionError("not a string array: " + a.getClass().getSimpleName());
                });
            }
        }
        return out;
    }

    /** Asserts that a decoded array holds exactly the expected values, row by row. */
    public static void assertValues(Canonical actual, List<byte[]> expected) {
        assertThat(actual.length()).isEqualTo(expected.size());
        assertValues(values(actual), expected);
    }

    /** Asserts that values equal the expected ones, row by row (null = null row). */
    public static void assertValues(List<byte[]> got, List<byte[]> expected) {
        assertThat(got).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            byte[] e = expected.get(i);
            byte[] g = got.get(i);
            if (e == null) {
                assertThat(g).as("row %d should be null", i).isNull();
            } else {
                assertThat(g).as("row %d", i).isNotNull();
                if (!java.util.Arrays.equals(e, g)) {
                    throw new AssertionError("row " + i + ": expected " + show(e) + " got " + show(g));
                }
            }
        }
    }

    private static String show(byte[] b) {
        return b.length > 64 ? b.length + " bytes" : HexFormat.of().formatHex(b);
    }
}
