package io.jvortex.internal.zstd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Frames assembled by hand from RFC 8878, for features libzstd rarely emits (RLE literals, RLE
 * sequence tables) and for exact error messages.
 */
class ZstdHandMadeFramesTest {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    private static String decode(byte[] frame, int capacity) {
        MemorySegment dst = MemorySegment.ofArray(new byte[capacity]);
        long n = Zstd.decompress(MemorySegment.ofArray(frame), dst);
        return new String(dst.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.ISO_8859_1);
    }

    /** Magic, single-segment header with a 1-byte content size, one last compressed block. */
    private static byte[] frame(int contentSize, String block) {
        byte[] b = hex(block);
        int header = (b.length << 3) | (2 << 1) | 1;
        return hex("28b52ffd 20" + String.format("%02x", contentSize)
                + String.format("%02x%02x%02x", header & 0xFF, (header >>> 8) & 0xFF, header >>> 16) + block);
    }

    @Test
    void rleLiteralsWithoutSequences() {
        // Literals header: RLE, 1-byte size format, 20 literals; the byte 'q'; zero sequences.
        assertThat(decode(frame(20, "a1 71 00"), 20)).isEqualTo("q".repeat(20));
    }

    @Test
    void rleLiteralsWithATwoByteSize() {
        // FCS flag 1 (2 bytes, +256): 744 + 256 = 1000. Literals: RLE, size format 01, 1000 literals.
        byte[] frame = hex("28b52ffd 60 e802 250000 853e7100");
        assertThat(decode(frame, 1000)).isEqualTo("q".repeat(1000));
    }

    @Test
    void rleSequenceTables() {
        // Raw literals "abcd"; one sequence; all three tables in RLE mode: literal length code 4,
        // offset code 2 (value 4 + 2 extra bits), match length code 5 (8); bitstream: extra bits 0b11
        // under the end marker -> offset value 7 -> offset 4.
        byte[] frame = frame(12, "20 61626364 01 54 04 02 05 07");
        assertThat(decode(frame, 12)).isEqualTo("abcdabcdabcd");
    }

    @Test
    void repeatModeAfterRleTablesReusesThem() {
        // Two blocks: the second repeats all three RLE tables (modes 0xFC) with its own literals "wxyz".
        String first = "20 61626364 01 54 04 02 05 07";
        String second = "20 7778797a 01 fc 07";
        byte[] b1 = hex(first);
        byte[] b2 = hex(second);
        int h1 = (b1.length << 3) | (2 << 1);
        int h2 = (b2.length << 3) | (2 << 1) | 1;
        byte[] frame = hex("28b52ffd 20 18" + String.format("%02x0000", h1) + first + String.format("%02x0000", h2) + second);
        assertThat(decode(frame, 24)).isEqualTo("abcdabcdabcd" + "wxyzwxyzwxyz");
    }

    @Test
    void offsetBeforeTheStartOfOutputFails() {
        // Offset code 5 with 5 extra bits 0 -> offset value 32 -> offset 29, but only 4 bytes exist.
        // Bitstream: 5 zero bits under the marker: 0b0010_0000.
        byte[] frame = frame(12, "20 61626364 01 54 04 05 05 20");
        assertThatThrownBy(() -> decode(frame, 12))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("offset 29 reaches before the 4 bytes decoded")
                .hasMessageContaining("frame byte");
    }

    @Test
    void literalsBeyondTheSectionFail() {
        // Literal length code 6 asks for 6 literals but the section holds 4.
        byte[] frame = frame(14, "20 61626364 01 54 06 02 05 07");
        assertThatThrownBy(() -> decode(frame, 14))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("takes 6 literals, 4 left");
    }

    @Test
    void repeatModeWithoutAPreviousTableFails() {
        byte[] frame = frame(12, "20 61626364 01 fc 07");
        assertThatThrownBy(() -> decode(frame, 12))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("repeat mode but no previous table");
    }

    @Test
    void reservedBlockTypeFails() {
        byte[] frame = hex("28b52ffd 20 00 070000");
        assertThatThrownBy(() -> decode(frame, 0))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("reserved block type")
                .hasMessageContaining("at frame byte 6");
    }

    @Test
    void badMagicFails() {
        assertThatThrownBy(() -> decode(hex("28b52ffe 2000 010000"), 0))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("bad magic number");
    }

    @Test
    void reservedHeaderBitFails() {
        assertThatThrownBy(() -> decode(hex("28b52ffd 28 00 010000"), 0))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("reserved bit");
    }

    @Test
    void declaredContentSizeLargerThanTheDestinationFailsBeforeDecoding() {
        assertThatThrownBy(() -> decode(frame(20, "a1 71 00"), 19))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("frame content size 20 exceeds the 19 bytes left");
    }

    @Test
    void contentThatDisagreesWithTheDeclaredSizeFails() {
        assertThatThrownBy(() -> decode(frame(21, "a1 71 00"), 30))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("decoded to 20 bytes but its header declares 21");
    }

    @Test
    void windowedFrameRejectsOffsetsBeyondTheWindow() {
        // Window descriptor 0: 1 KiB (also the block maximum). Two raw blocks of 1024 bytes, then a
        // block whose match reaches 1100 bytes back: offset code 10, extra bits 1103 - 1024 = 79.
        StringBuilder raw = new StringBuilder();
        for (int i = 0; i < 1024; i++) {
            raw.append("61");
        }
        int rawHeader = (1024 << 3);
        // Offset value 1103 = (1 << 10) + 79; extra bits (10) = 79 = 0b0001001111; marker above them.
        int stream = (1 << 10) | 79;
        String block = "00 01 54 00 0a 05 " + String.format("%02x%02x", stream & 0xFF, stream >>> 8);
        int blockHeader = (hex(block).length << 3) | (2 << 1) | 1;
        String rawBlock = String.format("%02x%02x%02x", rawHeader & 0xFF, (rawHeader >>> 8) & 0xFF, rawHeader >>> 16)
                + raw;
        byte[] frame = hex("28b52ffd 00 00" + rawBlock + rawBlock + String.format("%02x%02x%02x", blockHeader & 0xFF, blockHeader >>> 8, 0) + block);
        assertThatThrownBy(() -> decode(frame, 4096))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("offset 1100 exceeds the window size 1024");
    }
}
