-- One failure language (decision 119): "line_error" is now "line_quality"; a partly delivered fax says "partial".
UPDATE faxes SET failure_reason = 'line_quality' WHERE failure_reason = 'line_error';
--> statement-breakpoint
UPDATE faxes SET retry_reason = 'line_quality' WHERE retry_reason = 'line_error';
--> statement-breakpoint
UPDATE fax_attempts SET result = 'line_quality' WHERE result = 'line_error';
