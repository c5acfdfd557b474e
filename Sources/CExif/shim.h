// libexif: the EXIF block of a JPEG, for the orientation a camera records when it was held turned.
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>
