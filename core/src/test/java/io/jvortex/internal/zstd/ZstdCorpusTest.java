package io.jvortex.internal.zstd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.internal.encodings.varbin.Golden;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Streams written by libzstd (see {@code golden/zstd/make_corpus.py}) decode byte-exact. */
class ZstdCorpusTest {
    /** One row of {@code corpus.tsv}. */
    record Case(String name, String dictionary, long length, String sha256) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> corpus() {
        try {
            return Files.readAllLines(Golden.path("zstd/corpus.tsv")).stream()
                    .filter(l -> !l.startsWith("#") && !l.isBlank())
                    .map(l -> l.split("\t"))
                    .map(f -> new Case(f[0], f[1], Long.parseLong(f[2]), f[3]))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Case> cases() {
        return corpus().stream();
    }

    static byte[] resource(String name) {
        try {
            return Files.readAllBytes(Golden.path("zstd/" + name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Zstd decoderFor(Case c) {
        return c.dictionary().equals("-") ? Zstd.decoder()
                : Zstd.decoder(MemorySegment.ofArray(resource(c.dictionary())));
    }

    static String sha256(MemorySegment data) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(data.asByteBuffer());
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void decodesByteExactIntoNativeMemory(Case c) {
        byte[] frame = resource(c.name() + ".zst");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(Math.max(1, c.length())).asSlice(0, c.length());
            long n = decoderFor(c).decode(MemorySegment.ofArray(frame), dst);
            assertThat(n).isEqualTo(c.length());
            assertThat(sha256(dst)).isEqualTo(c.sha256());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void decodesIntoALargerHeapDestinationAndReportsTheLength(Case c) {
        byte[] frame = resource(c.name() + ".zst");
        MemorySegment dst = MemorySegment.ofArray(new byte[(int) c.length() + 100]);
        long n = decoderFor(c).decode(MemorySegment.ofArray(frame), dst);
        assertThat(n).isEqualTo(c.length());
        assertThat(sha256(dst.asSlice(0, n))).isEqualTo(c.sha256());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void failsWhenTheDestinationIsOneByteShort(Case c) {
        if (c.length() == 0) {
            return;
        }
        byte[] frame = resource(c.name() + ".zst");
        MemorySegment dst = MemorySegment.ofArray(new byte[(int) c.length() - 1]);
        assertThatThrownBy(() -> decoderFor(c).decode(MemorySegment.ofArray(frame), dst))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("zstd:");
    }

    @Test
    void oneDecoderDecodesManyFramesInARow() {
        Zstd decoder = Zstd.decoder();
        for (Case c : corpus()) {
            if (!c.dictionary().equals("-")) {
                continue;
            }
            MemorySegment dst = MemorySegment.ofArray(new byte[(int) c.length()]);
            assertThat(decoder.decode(MemorySegment.ofArray(resource(c.name() + ".zst")), dst)).isEqualTo(c.length());
            assertThat(sha256(dst)).as(c.name()).isEqualTo(c.sha256());
        }
    }

    @Test
    void framesNeedingADictionaryFailWithoutOne() {
        byte[] frame = resource("dict_trained_batch_level3.zst");
        assertThatThrownBy(() -> Zstd.decompress(MemorySegment.ofArray(frame), MemorySegment.ofArray(new byte[9000])))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("needs dictionary");
    }

    @Test
    void reportsTheDeclaredContentSize() {
        assertThat(Zstd.frameContentSize(MemorySegment.ofArray(resource("text_level3.zst")))).isEqualTo(24000);
        assertThat(Zstd.frameContentSize(MemorySegment.ofArray(resource("text_level3_nosize.zst")))).isEqualTo(-1);
        assertThat(Zstd.frameContentSize(MemorySegment.ofArray(resource("empty_level1.zst")))).isZero();
    }

    @Test
    void emptyInputDecodesToNothing() {
        assertThat(Zstd.decompress(MemorySegment.ofArray(new byte[0]), MemorySegment.ofArray(new byte[4]))).isZero();
    }

    @Test
    void frameOffsetsInErrorsAreRelativeToSrc() {
        byte[] frame = resource("text_level3.zst");
        byte[] truncated = java.util.Arrays.copyOf(frame, frame.length - 10);
        assertThatThrownBy(() -> Zstd.decompress(MemorySegment.ofArray(truncated),
                MemorySegment.ofArray(new byte[24000])))
                .isInstanceOf(VortexException.class)
                .satisfies(e -> assertThat(((VortexException) e).byteOffset()).isBetween(0L, (long) frame.length))
                .hasMessageContaining("frame byte");
    }

    static byte[] read(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }
}
