package io.jvortex.internal.encodings.varbin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Utf8Test {
    /** The JDK's strict decoder agrees with Rust's {@code from_utf8} on what is well-formed. */
    private static boolean jdkValid(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static boolean valid(byte[] b) {
        return Utf8.isValid(MemorySegment.ofArray(b), 0, b.length);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "61", "c3a9", "e282ac", "f09f9880", "f48fbfbf", "efbfbf", "ed9fbf", "ee8080",
        "6162636465666768c3a9", "7f"})
    void acceptsWellFormed(String hex) {
        assertThat(valid(HexFormat.of().parseHex(hex))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "80", "bf", "c0af", "c1bf", "c3", "e282", "e080af", "eda080", "edbfbf", "f08fbfbf", "f4908080",
        "f5808080", "ff", "fe", "c328", "e228a1", "f0289f98", "6162636465666768c3", "616263646566676880"})
    void rejectsMalformed(String hex) {
        assertThat(valid(HexFormat.of().parseHex(hex))).isFalse();
    }

    @Test
    void agreesWithTheJdkOnRandomInput() {
        SplittableRandom rnd = Seeds.random("utf8.agreesWithTheJdkOnRandomInput");
        byte[][] pieces = {{'a'}, {(byte) 0xC3, (byte) 0xA9}, {(byte) 0xE2, (byte) 0x82, (byte) 0xAC},
            {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0x80}, {(byte) 0xF4}, {(byte) 0xE0, (byte) 0x80}, {'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'}};
        for (int round = 0; round < 20_000; round++) {
            byte[] b;
            if (rnd.nextBoolean()) {
                b = new byte[rnd.nextInt(24)];
                rnd.nextBytes(b);
            } else {
                var out = new java.io.ByteArrayOutputStream();
                int n = rnd.nextInt(8);
                for (int k = 0; k < n; k++) {
                    out.writeBytes(pieces[rnd.nextInt(pieces.length)]);
                }
                b = out.toByteArray();
            }
            assertThat(valid(b)).as(HexFormat.of().formatHex(b)).isEqualTo(jdkValid(b));
        }
    }

    @Test
    void agreesWithTheJdkOnLongInputsAcrossBlocks() {
        SplittableRandom rnd = Seeds.random("utf8.agreesWithTheJdkOnLongInputsAcrossBlocks");
        byte[][] good = {{'a'}, {(byte) 0xC3, (byte) 0xA9}, {(byte) 0xE2, (byte) 0x82, (byte) 0xAC},
            {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, {'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'}};
        byte[][] bad = {{(byte) 0x80}, {(byte) 0xF4}, {(byte) 0xE0, (byte) 0x80},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}};
        for (int round = 0; round < 200; round++) {
            var out = new java.io.ByteArrayOutputStream();
            int size = rnd.nextInt(50_000);
            // Mostly ASCII with multi-byte characters sprinkled in, so that some straddle a block end.
            double multi = rnd.nextDouble() * 0.5;
            int badAt = rnd.nextInt(3) == 0 ? rnd.nextInt(size + 1) : -1;
            while (out.size() < size) {
                if (badAt >= 0 && out.size() >= badAt) {
                    out.writeBytes(bad[rnd.nextInt(bad.length)]);
                    badAt = -1;
                }
                out.writeBytes(rnd.nextDouble() < multi ? good[1 + rnd.nextInt(3)] : good[rnd.nextInt(good.length)]);
            }
            byte[] b = out.toByteArray();
            boolean expected = jdkValid(b);
            assertThat(valid(b)).isEqualTo(expected);
            assertThat(Utf8.isValid(b, 0, b.length)).isEqualTo(expected);
        }
    }

    @Test
    void checksOnlyTheGivenRange() {
        byte[] b = {(byte) 0xFF, 'a', 'b', (byte) 0xFF};
        assertThat(Utf8.isValid(MemorySegment.ofArray(b), 1, 3)).isTrue();
        assertThat(Utf8.isValid(MemorySegment.ofArray(b), 0, 3)).isFalse();
        // A character cut by the range end is malformed.
        byte[] e = {'a', (byte) 0xC3, (byte) 0xA9};
        assertThat(Utf8.isValid(MemorySegment.ofArray(e), 0, 2)).isFalse();
    }
}
