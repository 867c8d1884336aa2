package io.jvortex.internal.encodings.varbin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.testing.Seeds;
import io.jvortex.testutil.Walk;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded byte flips in the buffers of Rust-written string segments: decoding either succeeds (and
 * every value can be read) or fails with a {@link VortexException} raised by a validation — never
 * through the decode context's safety net for unexpected exceptions, which would mean a check is
 * missing.
 */
class StringCorruptionTest {
    @ParameterizedTest
    @ValueSource(strings = {"varbin/random_binary", "fsst/words", "fsst/words_nullable", "fsst/unicode",
        "onpair/urls", "onpair/urls_nullable"})
    void byteFlipsInBuffersFailCleanly(String name) {
        SplittableRandom rnd = Seeds.random("strings.byteFlipsInBuffersFailCleanly(" + name + ")");
        try (VortexFile file = VortexFile.open(Golden.path(name + ".vortex"))) {
            Layout.Zoned zoned = (Layout.Zoned) ((Layout.Struct) file.rootLayout()).fields().getFirst();
            Layout.Flat flat = (Layout.Flat) zoned.data();
            byte[] original = file.segment(flat.segmentId()).toArray(ValueLayout.JAVA_BYTE);
            int fbLength = MemorySegment.ofArray(original).get(ValueLayout.JAVA_INT_UNALIGNED, original.length - 4);
            int buffersEnd = original.length - 4 - fbLength;
            int ok = 0;
            int rejected = 0;
            for (int round = 0; round < 3000; round++) {
                byte[] bytes = original.clone();
                int flips = 1 + rnd.nextInt(4);
                for (int k = 0; k < flips; k++) {
                    bytes[rnd.nextInt(buffersEnd)] ^= (byte) (1 << rnd.nextInt(8));
                }
                SerializedArray array = SerializedArray.parse(MemorySegment.ofArray(bytes), 0, file.arrayIds(), name,
                        name);
                try (Arena arena = Arena.ofConfined()) {
                    DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), arena, false, 64L << 20);
                    Walk.checksum(ctx.decode(array.root(), flat.dtype(), (int) flat.rowCount()));
                    ok++;
                } catch (VortexException e) {
                    assertThat(e.getMessage()).as("round %d", round).doesNotContain("malformed");
                    rejected++;
                }
            }
            assertThat(rejected).as("some flips must be detected").isPositive();
            System.out.println(name + ": " + ok + " decoded, " + rejected + " rejected");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"varbinview/views_nullable", "varbinview/views_binary"})
    void byteFlipsInViewsFailCleanly(String name) {
        SplittableRandom rnd = Seeds.random("strings.byteFlipsInViewsFailCleanly(" + name + ")");
        SerializedArray good = Golden.segment(name);
        int rows = Golden.expected(name).size();
        DType dtype = name.endsWith("binary") ? new DType.Binary(false) : new DType.Utf8(true);
        byte[] original = new byte[0];
        try {
            original = java.nio.file.Files.readAllBytes(Golden.path(name + ".segment"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        int fbLength = MemorySegment.ofArray(original).get(ValueLayout.JAVA_INT_UNALIGNED, original.length - 4);
        int buffersEnd = original.length - 4 - fbLength;
        int rejected = 0;
        for (int round = 0; round < 3000; round++) {
            byte[] bytes = original.clone();
            bytes[rnd.nextInt(buffersEnd)] ^= (byte) (1 << rnd.nextInt(8));
            SerializedArray array = SerializedArray.parse(MemorySegment.ofArray(bytes), 0, good.arrayIds(), name, name);
            try (Arena arena = Arena.ofConfined()) {
                DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), arena, false, 64L << 20);
                Walk.checksum(ctx.decode(array.root(), dtype, rows));
            } catch (VortexException e) {
                assertThat(e.getMessage()).as("round %d", round).doesNotContain("malformed");
                rejected++;
            }
        }
        assertThat(rejected).isPositive();
    }
}
