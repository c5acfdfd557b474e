#include <libical/ical.h>
// Extended attributes (ACLs among them), which a calendar write carries over to the new file.
#include <sys/xattr.h>
