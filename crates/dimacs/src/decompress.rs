//! Compressed input: gzip, xz, bzip2 and lzma decoded in-process with the
//! `compression` feature (flate2, xz2, bzip2), each counted so that
//! [`Limits::max_expansion`](crate::Limits::max_expansion) can stop a
//! decompression bomb. Without the feature (a WebAssembly build, where
//! liblzma's C does not compile) such input is an
//! [`ErrorKind::UnsupportedCompression`] naming the command that decodes it.
//! The writing side, gzip and xz output, is `compress.rs`.

use std::io::Read;

use crate::error::{Error, ErrorKind};
use crate::parse::Source;
use crate::sliced::SlicedParser;
use crate::sniff::Sniffed;

/// Starts parsing compressed input of `kind` (a compression [`Sniffed`]
/// kind): the decoder's text up to the end of the header.
#[cfg(feature = "compression")]
pub(crate) fn open_compressed<'a, R: Read + 'a>(
    kind: Sniffed,
    reader: R,
    source: &Source,
) -> Result<SlicedParser<'a>, Error> {
    use crate::limits::{Counted, Expanding};
    use bzip2::read::MultiBzDecoder;
    use flate2::read::MultiGzDecoder;
    use std::rc::Rc;
    use xz2::read::XzDecoder;
    use xz2::stream::Stream;

    let expanded = source.size.map(|s| s.saturating_mul(8));
    let (counted, count) = Counted::new(reader);
    let decoder: Box<dyn Read + 'a> = match kind {
        Sniffed::Gzip => Box::new(MultiGzDecoder::new(counted)),
        Sniffed::Xz => Box::new(XzDecoder::new_multi_decoder(counted)),
        Sniffed::Bzip2 => Box::new(MultiBzDecoder::new(counted)),
        _ => {
            // lzma. The header names the dictionary size; liblzma refuses
            // one above the memory limit instead of allocating it.
            let memlimit = source.limits.max_memory.bytes().unwrap_or(u64::MAX);
            let stream = Stream::new_lzma_decoder(memlimit)
                .map_err(|e| Error::new(source.name, 0, 0, ErrorKind::Io(e.into())))?;
            Box::new(XzDecoder::new_stream(counted, stream))
        }
    };
    let decoder = Expanding::new(decoder, Rc::clone(&count), source.limits);
    SlicedParser::start_text(Box::new(decoder), source, expanded, Some(count))
}

/// Refuses compressed input of `kind`: this build decodes none.
#[cfg(not(feature = "compression"))]
pub(crate) fn open_compressed<'a, R: Read + 'a>(
    kind: Sniffed,
    _reader: R,
    source: &Source,
) -> Result<SlicedParser<'a>, Error> {
    let (format, tool) = match kind {
        Sniffed::Gzip => ("gzip", "gunzip"),
        Sniffed::Xz => ("xz", "unxz"),
        Sniffed::Bzip2 => ("bzip2", "bunzip2"),
        _ => ("lzma", "unlzma"),
    };
    let kind = ErrorKind::UnsupportedCompression { format, tool };
    Err(Error::new(source.name, 1, 1, kind))
}
