package io.jvortex.internal.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.error.VortexException;
import io.jvortex.api.VortexReader;
import io.jvortex.testing.Seeds;
import io.jvortex.testutil.SampleFiles;
import io.jvortex.testutil.Walk;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Truncated and bit-flipped Rust-written files must fail with {@link VortexException} (or, for
 * harmless flips, decode) — never another exception, a crash or a hang.
 */
class CorruptionTest {
    /** Small budget so a corrupt length cannot make the test allocate much. */
    private static final ReaderOptions OPTIONS = ReaderOptions.defaults().withMaxDecodedBytes(64L << 20);

    /** @return "ok" when the bytes decode fully, "vortex" when they fail with VortexException */
    static String readAll(byte[] bytes, String name) {
        try (VortexReader r = VortexReader.open(MemorySegment.ofArray(bytes), name, OPTIONS);
             ScanIterator it = r.scan()) {
            while (it.hasNext()) {
                try (Chunk c = it.next()) {
                    Walk.checksum(c.rawArray());
                }
            }
            return "ok";
        } catch (VortexException e) {
            assertThat(e.getMessage()).isNotBlank();
            return "vortex";
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tiny.vortex", "empty.vortex", "mixed_default.vortex", "mixed_core2025.05.0.vortex"})
    void everyTruncationFailsCleanly(String name) throws IOException {
        byte[] full = SampleFiles.bytes(name);
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int len = 0; len < full.length; len++) {
                byte[] cut = java.util.Arrays.copyOf(full, len);
                String outcome = readAll(cut, name + "[0.." + len + ")");
                assertThat(outcome).as("truncated to %d bytes", len).isEqualTo("vortex");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"tiny.vortex", "empty.vortex", "mixed_default.vortex", "mixed_core2025.05.0.vortex"})
    void seededByteFlipsFailCleanly(String name) throws IOException {
        byte[] full = SampleFiles.bytes(name);
        SplittableRandom rnd = Seeds.random("CorruptionTest.seededByteFlipsFailCleanly " + name);
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int k = 0; k < 1500; k++) {
                byte[] bad = full.clone();
                int flips = 1 + rnd.nextInt(3);
                StringBuilder where = new StringBuilder();
                for (int f = 0; f < flips; f++) {
                    // Bias towards the footer region, where most structure lives.
                    int pos = rnd.nextInt(4) == 0 ? rnd.nextInt(bad.length)
                            : bad.length - 1 - rnd.nextInt(Math.min(bad.length, 4096));
                    int bit = 1 << rnd.nextInt(8);
                    bad[pos] ^= (byte) bit;
                    where.append(pos).append('^').append(bit).append(' ');
                }
                try {
                    readAll(bad, name + " flipped " + where);
                } catch (VortexException e) {
                    throw e;
                } catch (RuntimeException | Error e) {
                    throw new AssertionError("flips " + where + "in " + name + " raised " + e, e);
                }
            }
        });
    }
}
