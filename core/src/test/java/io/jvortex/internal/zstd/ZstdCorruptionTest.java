package io.jvortex.internal.zstd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.jvortex.error.VortexException;
import io.jvortex.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Truncated and mutated libzstd frames raise only {@link VortexException} (or decode to something)
 * and never hang; a destination sized from the true content is never overrun.
 */
class ZstdCorruptionTest {
    private static ZstdCorpusTest.Case find(String name) {
        return ZstdCorpusTest.corpus().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @ValueSource(strings = {"text_level3", "text_level3_checksum", "ints_level19", "short_periods_level9",
        "dict_trained_batch_level3", "dict_raw_rec520_level19", "one_byte_level19", "empty_checksum",
        "small_alphabet3_level3", "periodic_level22", "text_levelm7", "dict_raw_split_match"})
    void everyTruncationFails(String name) {
        ZstdCorpusTest.Case c = find(name);
        byte[] frame = ZstdCorpusTest.resource(name + ".zst");
        Zstd decoder = ZstdCorpusTest.decoderFor(c);
        MemorySegment dst = MemorySegment.ofArray(new byte[(int) c.length()]);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int len = 0; len < frame.length; len++) {
                byte[] prefix = Arrays.copyOf(frame, len);
                if (len == 0) {
                    assertThat(decoder.decode(MemorySegment.ofArray(prefix), dst)).isZero();
                    continue;
                }
                int at = len;
                assertThatThrownBy(() -> decoder.decode(MemorySegment.ofArray(prefix), dst))
                        .as("prefix of %d bytes", at)
                        .isInstanceOf(VortexException.class)
                        .message().doesNotContain("malformed frame");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"multi_frame"})
    void truncatedMultiFrameStreamsFailOrStopAtAFrameBoundary(String name) {
        ZstdCorpusTest.Case c = find(name);
        byte[] frame = ZstdCorpusTest.resource(name + ".zst");
        MemorySegment dst = MemorySegment.ofArray(new byte[(int) c.length()]);
        Zstd decoder = Zstd.decoder();
        int ok = 0;
        for (int len = 1; len < frame.length; len++) {
            try {
                long n = decoder.decode(MemorySegment.ofArray(Arrays.copyOf(frame, len)), dst);
                assertThat(n).isLessThan(c.length());
                ok++;
            } catch (VortexException expected) {
                // the common case
            }
        }
        assertThat(ok).as("prefixes ending at a frame boundary").isBetween(1, 4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text_level3", "text_level19", "ints_level1", "logs_wlog10_level3", "logs_streamed_flushes",
        "dict_trained_batch_level19", "dict_raw_batch_level1", "multi_frame", "skewed_level19", "small_alphabet9_level3",
        "many_sequences_level19", "logs_level1_checksum", "zeros_level1"})
    void seededMutationsFailCleanly(String name) {
        ZstdCorpusTest.Case c = find(name);
        byte[] frame = ZstdCorpusTest.resource(name + ".zst");
        Zstd decoder = ZstdCorpusTest.decoderFor(c);
        MemorySegment dst = MemorySegment.ofArray(new byte[(int) c.length()]);
        SplittableRandom rnd = Seeds.random("seededMutationsFailCleanly[" + name + "]");
        int trials = 400;
        int[] outcomes = new int[2];
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (int t = 0; t < trials; t++) {
                byte[] mutated = frame.clone();
                int edits = 1 + rnd.nextInt(3);
                for (int e = 0; e < edits; e++) {
                    int at = rnd.nextInt(mutated.length);
                    if (rnd.nextBoolean()) {
                        mutated[at] ^= (byte) (1 << rnd.nextInt(8));
                    } else {
                        mutated[at] = (byte) rnd.nextInt(256);
                    }
                }
                try {
                    long n = decoder.decode(MemorySegment.ofArray(mutated), dst);
                    assertThat(n).isLessThanOrEqualTo(c.length());
                    outcomes[0]++;
                } catch (VortexException expected) {
                    // Every rejection comes from an explicit check, not from the out-of-bounds safety net.
                    assertThat(expected.getMessage()).doesNotContain("malformed frame");
                    outcomes[1]++;
                }
            }
        });
        System.out.println(name + ": " + outcomes[0] + " mutations decoded, " + outcomes[1] + " rejected");
    }
}
