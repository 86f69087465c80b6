// Generated from the /api/v1 OpenAPI document by scripts/api-client.ts: do not edit (a test checks it is current).
export interface paths {
    "/api/v1/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The requests of the key, newest first, by pages (cursor)
         * @description Scope: `read`.
         */
        get: operations["listRequests"];
        put?: never;
        /**
         * Create a signature request from JSON (documents in base64 or by https URL); sent at once when `send` is true
         * @description Scope: `create`.
         */
        post: operations["createRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a signature request from a multipart form: a `request` JSON part and the files (PDF or ZIP)
         * @description Scope: `create`.
         */
        post: operations["uploadRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One request with its signers and documents
         * @description Scope: `read`.
         */
        get: operations["getRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status and progress of a request
         * @description Scope: `read`.
         */
        get: operations["requestStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a draft request
         * @description Scope: `send`.
         */
        post: operations["sendRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a request
         * @description Scope: `manage`.
         */
        post: operations["cancelRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/{id}/relaunch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remind the signers who have not acted (one reminder per signer per hour)
         * @description Scope: `manage`.
         */
        post: operations["relaunchRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/{id}/documents/{docId}/signed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A signed document (PDF) of a completed request
         * @description Scope: `read`.
         */
        get: operations["signedDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The evidence file (PDF) of a completed request
         * @description Scope: `read`.
         */
        get: operations["evidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/{id}/signers/{signerId}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A signer's signing page link, to embed: valid until the request expires
         * @description Scope: `send`.
         */
        post: operations["signingLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/requests/{id}/editor-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived link (15 minutes) to the draft's editor, to embed in an iframe of the tenant's allowed origins: documents, fields, signers, options, send. 409 unless the request is a draft
         * @description Scope: `create`.
         */
        post: operations["editorLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's campaigns, newest first, by pages (cursor)
         * @description Scope: `read`.
         */
        get: operations["listCampaigns"];
        put?: never;
        /**
         * Create a classic campaign from JSON (signatories, documents in base64 or by https URL); launched at once when `send` is true
         * @description Scope: `create`.
         */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a classic campaign from a multipart form: a `payload` JSON part and the files (PDF or ZIP)
         * @description Scope: `create`.
         */
        post: operations["uploadCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One campaign with its documents
         * @description Scope: `read`.
         */
        get: operations["getCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status and counters of a campaign (signatories by state, percentages, dispatch progress)
         * @description Scope: `read`.
         */
        get: operations["campaignStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/signatories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign's signatories in their order, by pages (cursor): each with its state and, once its copy is made, the request's id
         * @description Scope: `read`.
         */
        get: operations["listSignatories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Launch a draft campaign (its copies are dispatched in the background)
         * @description Scope: `send`.
         */
        post: operations["sendCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a campaign (the copies already sent are cancelled in the background)
         * @description Scope: `manage`.
         */
        post: operations["cancelCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's operations, newest first, by pages (cursor)
         * @description Scope: `read`.
         */
        get: operations["listOperations"];
        put?: never;
        /**
         * Create an operation from JSON: a pool of documents (base64 or https URL) and orders, each its own request; launched at once when `send` is true
         * @description Scope: `create`.
         */
        post: operations["createOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an operation from a multipart form: a `payload` JSON part and the files of the pool (PDF or ZIP)
         * @description Scope: `create`.
         */
        post: operations["uploadOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One operation with its document pool
         * @description Scope: `read`.
         */
        get: operations["getOperation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status and counters of an operation (orders by state, percentages, dispatch progress)
         * @description Scope: `read`.
         */
        get: operations["operationStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{id}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An operation's orders in their order, by pages (cursor): each with its state and, once made, its request's id
         * @description Scope: `read`.
         */
        get: operations["listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Launch a draft operation (its orders are dispatched in the background)
         * @description Scope: `send`.
         */
        post: operations["sendOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an operation (the requests already sent are cancelled in the background)
         * @description Scope: `manage`.
         */
        post: operations["cancelOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The templates the key may use (shared with the tenant, not archived), by name
         * @description Scope: `read`.
         */
        get: operations["listTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A template: its roles (to fill), documents and options, as its current version
         * @description Scope: `read`.
         */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/editor-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived link (15 minutes) to the template editor, to embed in an iframe of the tenant's allowed origins: a template's new version, or a new template when `templateId` is absent
         * @description Scope: `create`.
         */
        post: operations["templateEditorLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a request from a template: each role's person (roles with a prefilled person may be left out); sent at once when `send` is true
         * @description Scope: `create`.
         */
        post: operations["createRequestFromTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listRequests: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: string;
                createdFrom?: string;
                createdTo?: string;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            label: string;
                            description: string | null;
                            /** @enum {string} */
                            status: "draft" | "pending" | "preprocess" | "preprocess_access" | "ready" | "wait_cosigner" | "signed" | "completed" | "refused" | "canceled" | "expired" | "failed";
                            level: 1 | 2 | 3;
                            testMode: boolean;
                            owner: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                            sentAt: string | null;
                            expiresAt: string | null;
                            completedAt: string | null;
                            canceledAt: string | null;
                            completionFailure?: string | null;
                            documentsPurgedAt?: string | null;
                            signerDataPurgedAt?: string | null;
                            signerCount: number;
                            percentSigned: number;
                            percentResponses: number;
                            options: {
                                /** @enum {string} */
                                chainingMode: "direct" | "email" | "faceToFace";
                                /** @enum {string} */
                                language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                                /** @enum {string} */
                                handwritten: "disabled" | "enabled" | "touchOnly";
                                stampBeforeSigning: boolean;
                                stampAccount: string | null;
                                /** @enum {string} */
                                contactFirstSignerBy: "email" | "sms";
                                reminders: {
                                    mail: {
                                        firstAfterDays: number;
                                        intervalDays: number;
                                        maxCount?: number | null;
                                    };
                                    sms: {
                                        firstAfterDays: number;
                                        intervalDays: number;
                                        maxCount?: number | null;
                                    };
                                };
                                expiryDays: number | null;
                                signedDocuments: {
                                    toRequester: boolean;
                                    toSigners: boolean;
                                    toObservers: boolean;
                                    sendCopy: boolean;
                                };
                                finalDocCCeMails: string[];
                                invitationMessage: string | null;
                                successRedirection: string | null;
                                cancelRedirection: string | null;
                                failRedirection: string | null;
                                coSignersSignFirst: boolean;
                                preprocessing: {
                                    sepa: {
                                        rum: string;
                                        ics: string;
                                        /** @enum {string} */
                                        type: "recurrent" | "oneOff";
                                        debtor: {
                                            name: string;
                                            address: string;
                                            iban: string;
                                            bic?: string;
                                        };
                                    };
                                } | null;
                                /** @default false */
                                allowDelegation: boolean;
                            };
                            signers?: {
                                /** Format: uuid */
                                id: string;
                                firstname: string;
                                lastname: string;
                                emailAddress: string;
                                phoneNum: string | null;
                                /** @enum {string} */
                                language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro";
                                /** @enum {string} */
                                role: "signer" | "observer" | "validator";
                                coSigner: boolean;
                                connector: {
                                    idc: string;
                                } | null;
                                signerIndex: number;
                                step: number | null;
                                invitationMessage: string | null;
                                refusalComment: string | null;
                                /** @enum {string} */
                                status: "before" | "waiting" | "waitcosigner" | "ready" | "access" | "codeSent" | "pendingId" | "pendingValidation" | "signed" | "cancel" | "aborted" | "failed" | "expired" | "delegated";
                                actionAt: string | null;
                                invitedAt: string | null;
                                lastReminderAt: string | null;
                                reminderCount: number;
                                handedOver: {
                                    /** Format: uuid */
                                    toSignerId: string;
                                    toName: string;
                                    reason: string;
                                    at: string;
                                } | null;
                                delegatedBy: {
                                    /** Format: uuid */
                                    signerId: string;
                                    name: string;
                                } | null;
                                lastMessage: {
                                    /** @enum {string} */
                                    channel: "email" | "sms";
                                    /** @enum {string} */
                                    status: "queued" | "retrying" | "captured" | "sent" | "failed";
                                    error: string | null;
                                    at: string;
                                } | null;
                            }[];
                            documents?: {
                                /** Format: uuid */
                                id: string;
                                title: string;
                                /** @enum {string} */
                                documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                                /** @enum {string} */
                                fileType: "classic" | "zip" | "publi";
                                fileName: string;
                                checkBoxTexts: string[];
                                signatureFields: {
                                    page: number;
                                    name: string;
                                    x: number;
                                    y: number;
                                    width?: number;
                                    height?: number;
                                    signerIndex: number;
                                }[];
                                sizeBytes: number;
                                sha256: string;
                                pageCount: number;
                                createdAt: string;
                                activeContent?: {
                                    found: string[];
                                    neutralised: string[];
                                };
                            }[];
                            allowedActions: ("send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "download" | "regenerateArchive" | "cancelSigner" | "retryCompletion")[];
                        }[];
                        nextCursor?: string;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    createRequest: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                    /** @default 1 */
                    level?: 1 | 2 | 3;
                    description?: string | null;
                    /** @default false */
                    send?: boolean;
                    signers: {
                        firstname: string;
                        lastname: string;
                        emailAddress: string;
                        phoneNum?: string | null;
                        language?: ("fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro") | null;
                        /**
                         * @default signer
                         * @enum {string}
                         */
                        role?: "signer" | "observer" | "validator";
                        /** @default false */
                        coSigner?: boolean;
                        connector?: {
                            idc: string;
                        } | null;
                        signerIndex: number;
                        step?: number | null;
                        invitationMessage?: string | null;
                    }[];
                    documents: {
                        title?: string | null;
                        /**
                         * @default pdf
                         * @enum {string}
                         */
                        documentType?: "pdf" | "pdf-for-presentation" | "pdf-optional";
                        fileName: string;
                        /** @default [] */
                        checkBoxTexts?: string[];
                        signatureFields?: {
                            page?: number | null;
                            name?: string | null;
                            x?: number | null;
                            y?: number | null;
                            width?: number | null;
                            height?: number | null;
                            signerIndex: number;
                        }[];
                        contentBase64?: string;
                        url?: string;
                    }[];
                    options?: {
                        /**
                         * @default email
                         * @enum {string}
                         */
                        chainingMode?: "direct" | "email" | "faceToFace";
                        /**
                         * @default fr
                         * @enum {string}
                         */
                        language?: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                        level?: 1 | 2 | 3;
                        /**
                         * @default disabled
                         * @enum {string}
                         */
                        handwritten?: "disabled" | "enabled" | "touchOnly";
                        /** @default false */
                        stampBeforeSigning?: boolean;
                        stampAccount?: string | null;
                        /**
                         * @default email
                         * @enum {string}
                         */
                        contactFirstSignerBy?: "email" | "sms";
                        /** @default {} */
                        reminders?: {
                            /** @default {} */
                            mail?: {
                                /** @default 0 */
                                firstAfterDays?: number;
                                /** @default 0 */
                                intervalDays?: number;
                                maxCount?: number | null;
                            };
                            /** @default {} */
                            sms?: {
                                /** @default 0 */
                                firstAfterDays?: number;
                                /** @default 0 */
                                intervalDays?: number;
                                maxCount?: number | null;
                            };
                        };
                        expiryDays?: number | null;
                        /** @default {} */
                        signedDocuments?: {
                            /** @default true */
                            toRequester?: boolean;
                            /** @default true */
                            toSigners?: boolean;
                            /** @default false */
                            toObservers?: boolean;
                            /** @default false */
                            sendCopy?: boolean;
                        };
                        finalDocCCeMails?: string[];
                        invitationMessage?: string | null;
                        successRedirection?: string | null;
                        cancelRedirection?: string | null;
                        failRedirection?: string | null;
                        /** @default false */
                        coSignersSignFirst?: boolean;
                        /** @default false */
                        allowDelegation?: boolean;
                        preprocessing?: {
                            sepa: {
                                rum: string;
                                ics: string;
                                /** @enum {string} */
                                type: "recurrent" | "oneOff";
                                debtor: {
                                    name: string;
                                    address: string;
                                    iban: string;
                                    bic?: string;
                                };
                            };
                        } | null;
                    };
                };
            };
        };
        responses: {
            /** @description 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "preprocess" | "preprocess_access" | "ready" | "wait_cosigner" | "signed" | "completed" | "refused" | "canceled" | "expired" | "failed";
                        level: 1 | 2 | 3;
                        testMode: boolean;
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        expiresAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        completionFailure?: string | null;
                        documentsPurgedAt?: string | null;
                        signerDataPurgedAt?: string | null;
                        signerCount: number;
                        percentSigned: number;
                        percentResponses: number;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        signers?: {
                            /** Format: uuid */
                            id: string;
                            firstname: string;
                            lastname: string;
                            emailAddress: string;
                            phoneNum: string | null;
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro";
                            /** @enum {string} */
                            role: "signer" | "observer" | "validator";
                            coSigner: boolean;
                            connector: {
                                idc: string;
                            } | null;
                            signerIndex: number;
                            step: number | null;
                            invitationMessage: string | null;
                            refusalComment: string | null;
                            /** @enum {string} */
                            status: "before" | "waiting" | "waitcosigner" | "ready" | "access" | "codeSent" | "pendingId" | "pendingValidation" | "signed" | "cancel" | "aborted" | "failed" | "expired" | "delegated";
                            actionAt: string | null;
                            invitedAt: string | null;
                            lastReminderAt: string | null;
                            reminderCount: number;
                            handedOver: {
                                /** Format: uuid */
                                toSignerId: string;
                                toName: string;
                                reason: string;
                                at: string;
                            } | null;
                            delegatedBy: {
                                /** Format: uuid */
                                signerId: string;
                                name: string;
                            } | null;
                            lastMessage: {
                                /** @enum {string} */
                                channel: "email" | "sms";
                                /** @enum {string} */
                                status: "queued" | "retrying" | "captured" | "sent" | "failed";
                                error: string | null;
                                at: string;
                            } | null;
                        }[];
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                            activeContent?: {
                                found: string[];
                                neutralised: string[];
                            };
                        }[];
                        allowedActions: ("send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "download" | "regenerateArchive" | "cancelSigner" | "retryCompletion")[];
                        links: {
                            /** Format: uuid */
                            signerId: string;
                            signerIndex: number;
                            name: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 413 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    uploadRequest: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "preprocess" | "preprocess_access" | "ready" | "wait_cosigner" | "signed" | "completed" | "refused" | "canceled" | "expired" | "failed";
                        level: 1 | 2 | 3;
                        testMode: boolean;
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        expiresAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        completionFailure?: string | null;
                        documentsPurgedAt?: string | null;
                        signerDataPurgedAt?: string | null;
                        signerCount: number;
                        percentSigned: number;
                        percentResponses: number;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        signers?: {
                            /** Format: uuid */
                            id: string;
                            firstname: string;
                            lastname: string;
                            emailAddress: string;
                            phoneNum: string | null;
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro";
                            /** @enum {string} */
                            role: "signer" | "observer" | "validator";
                            coSigner: boolean;
                            connector: {
                                idc: string;
                            } | null;
                            signerIndex: number;
                            step: number | null;
                            invitationMessage: string | null;
                            refusalComment: string | null;
                            /** @enum {string} */
                            status: "before" | "waiting" | "waitcosigner" | "ready" | "access" | "codeSent" | "pendingId" | "pendingValidation" | "signed" | "cancel" | "aborted" | "failed" | "expired" | "delegated";
                            actionAt: string | null;
                            invitedAt: string | null;
                            lastReminderAt: string | null;
                            reminderCount: number;
                            handedOver: {
                                /** Format: uuid */
                                toSignerId: string;
                                toName: string;
                                reason: string;
                                at: string;
                            } | null;
                            delegatedBy: {
                                /** Format: uuid */
                                signerId: string;
                                name: string;
                            } | null;
                            lastMessage: {
                                /** @enum {string} */
                                channel: "email" | "sms";
                                /** @enum {string} */
                                status: "queued" | "retrying" | "captured" | "sent" | "failed";
                                error: string | null;
                                at: string;
                            } | null;
                        }[];
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                            activeContent?: {
                                found: string[];
                                neutralised: string[];
                            };
                        }[];
                        allowedActions: ("send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "download" | "regenerateArchive" | "cancelSigner" | "retryCompletion")[];
                        links: {
                            /** Format: uuid */
                            signerId: string;
                            signerIndex: number;
                            name: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 413 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    getRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "preprocess" | "preprocess_access" | "ready" | "wait_cosigner" | "signed" | "completed" | "refused" | "canceled" | "expired" | "failed";
                        level: 1 | 2 | 3;
                        testMode: boolean;
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        expiresAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        completionFailure?: string | null;
                        documentsPurgedAt?: string | null;
                        signerDataPurgedAt?: string | null;
                        signerCount: number;
                        percentSigned: number;
                        percentResponses: number;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        signers?: {
                            /** Format: uuid */
                            id: string;
                            firstname: string;
                            lastname: string;
                            emailAddress: string;
                            phoneNum: string | null;
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro";
                            /** @enum {string} */
                            role: "signer" | "observer" | "validator";
                            coSigner: boolean;
                            connector: {
                                idc: string;
                            } | null;
                            signerIndex: number;
                            step: number | null;
                            invitationMessage: string | null;
                            refusalComment: string | null;
                            /** @enum {string} */
                            status: "before" | "waiting" | "waitcosigner" | "ready" | "access" | "codeSent" | "pendingId" | "pendingValidation" | "signed" | "cancel" | "aborted" | "failed" | "expired" | "delegated";
                            actionAt: string | null;
                            invitedAt: string | null;
                            lastReminderAt: string | null;
                            reminderCount: number;
                            handedOver: {
                                /** Format: uuid */
                                toSignerId: string;
                                toName: string;
                                reason: string;
                                at: string;
                            } | null;
                            delegatedBy: {
                                /** Format: uuid */
                                signerId: string;
                                name: string;
                            } | null;
                            lastMessage: {
                                /** @enum {string} */
                                channel: "email" | "sms";
                                /** @enum {string} */
                                status: "queued" | "retrying" | "captured" | "sent" | "failed";
                                error: string | null;
                                at: string;
                            } | null;
                        }[];
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                            activeContent?: {
                                found: string[];
                                neutralised: string[];
                            };
                        }[];
                        allowedActions: ("send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "download" | "regenerateArchive" | "cancelSigner" | "retryCompletion")[];
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    requestStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        status: "draft" | "pending" | "preprocess" | "preprocess_access" | "ready" | "wait_cosigner" | "signed" | "completed" | "refused" | "canceled" | "expired" | "failed";
                        percentSigned: number;
                        signers: {
                            /** Format: uuid */
                            id: string;
                            signerIndex: number;
                            /** @enum {string} */
                            status: "before" | "waiting" | "waitcosigner" | "ready" | "access" | "codeSent" | "pendingId" | "pendingValidation" | "signed" | "cancel" | "aborted" | "failed" | "expired" | "delegated";
                            actionAt: string | null;
                        }[];
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    sendRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "preprocess" | "preprocess_access" | "ready" | "wait_cosigner" | "signed" | "completed" | "refused" | "canceled" | "expired" | "failed";
                        level: 1 | 2 | 3;
                        testMode: boolean;
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        expiresAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        completionFailure?: string | null;
                        documentsPurgedAt?: string | null;
                        signerDataPurgedAt?: string | null;
                        signerCount: number;
                        percentSigned: number;
                        percentResponses: number;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        signers?: {
                            /** Format: uuid */
                            id: string;
                            firstname: string;
                            lastname: string;
                            emailAddress: string;
                            phoneNum: string | null;
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro";
                            /** @enum {string} */
                            role: "signer" | "observer" | "validator";
                            coSigner: boolean;
                            connector: {
                                idc: string;
                            } | null;
                            signerIndex: number;
                            step: number | null;
                            invitationMessage: string | null;
                            refusalComment: string | null;
                            /** @enum {string} */
                            status: "before" | "waiting" | "waitcosigner" | "ready" | "access" | "codeSent" | "pendingId" | "pendingValidation" | "signed" | "cancel" | "aborted" | "failed" | "expired" | "delegated";
                            actionAt: string | null;
                            invitedAt: string | null;
                            lastReminderAt: string | null;
                            reminderCount: number;
                            handedOver: {
                                /** Format: uuid */
                                toSignerId: string;
                                toName: string;
                                reason: string;
                                at: string;
                            } | null;
                            delegatedBy: {
                                /** Format: uuid */
                                signerId: string;
                                name: string;
                            } | null;
                            lastMessage: {
                                /** @enum {string} */
                                channel: "email" | "sms";
                                /** @enum {string} */
                                status: "queued" | "retrying" | "captured" | "sent" | "failed";
                                error: string | null;
                                at: string;
                            } | null;
                        }[];
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                            activeContent?: {
                                found: string[];
                                neutralised: string[];
                            };
                        }[];
                        allowedActions: ("send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "download" | "regenerateArchive" | "cancelSigner" | "retryCompletion")[];
                        links: {
                            /** Format: uuid */
                            signerId: string;
                            signerIndex: number;
                            name: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    cancelRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "preprocess" | "preprocess_access" | "ready" | "wait_cosigner" | "signed" | "completed" | "refused" | "canceled" | "expired" | "failed";
                        level: 1 | 2 | 3;
                        testMode: boolean;
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        expiresAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        completionFailure?: string | null;
                        documentsPurgedAt?: string | null;
                        signerDataPurgedAt?: string | null;
                        signerCount: number;
                        percentSigned: number;
                        percentResponses: number;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        signers?: {
                            /** Format: uuid */
                            id: string;
                            firstname: string;
                            lastname: string;
                            emailAddress: string;
                            phoneNum: string | null;
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro";
                            /** @enum {string} */
                            role: "signer" | "observer" | "validator";
                            coSigner: boolean;
                            connector: {
                                idc: string;
                            } | null;
                            signerIndex: number;
                            step: number | null;
                            invitationMessage: string | null;
                            refusalComment: string | null;
                            /** @enum {string} */
                            status: "before" | "waiting" | "waitcosigner" | "ready" | "access" | "codeSent" | "pendingId" | "pendingValidation" | "signed" | "cancel" | "aborted" | "failed" | "expired" | "delegated";
                            actionAt: string | null;
                            invitedAt: string | null;
                            lastReminderAt: string | null;
                            reminderCount: number;
                            handedOver: {
                                /** Format: uuid */
                                toSignerId: string;
                                toName: string;
                                reason: string;
                                at: string;
                            } | null;
                            delegatedBy: {
                                /** Format: uuid */
                                signerId: string;
                                name: string;
                            } | null;
                            lastMessage: {
                                /** @enum {string} */
                                channel: "email" | "sms";
                                /** @enum {string} */
                                status: "queued" | "retrying" | "captured" | "sent" | "failed";
                                error: string | null;
                                at: string;
                            } | null;
                        }[];
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                            activeContent?: {
                                found: string[];
                                neutralised: string[];
                            };
                        }[];
                        allowedActions: ("send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "download" | "regenerateArchive" | "cancelSigner" | "retryCompletion")[];
                        links: {
                            /** Format: uuid */
                            signerId: string;
                            signerIndex: number;
                            name: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    relaunchRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reminded: string[];
                        skipped: {
                            /** Format: uuid */
                            signerId: string;
                            availableAt: string;
                        }[];
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    signedDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                docId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    evidence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    signingLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                signerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        signerId: string;
                        url: string;
                        embedUrl: string;
                        token: string;
                        expiresAt: string;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    editorLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        expiresAt: string;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "deleted";
                search?: string;
                type?: "campain" | "publipostage";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            type: "campain" | "publipostage";
                            label: string;
                            description: string | null;
                            /** @enum {string} */
                            status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "deleted";
                            level: 1 | 2 | 3;
                            options: {
                                /** @enum {string} */
                                chainingMode: "direct" | "email" | "faceToFace";
                                /** @enum {string} */
                                language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                                /** @enum {string} */
                                handwritten: "disabled" | "enabled" | "touchOnly";
                                stampBeforeSigning: boolean;
                                stampAccount: string | null;
                                /** @enum {string} */
                                contactFirstSignerBy: "email" | "sms";
                                reminders: {
                                    mail: {
                                        firstAfterDays: number;
                                        intervalDays: number;
                                        maxCount?: number | null;
                                    };
                                    sms: {
                                        firstAfterDays: number;
                                        intervalDays: number;
                                        maxCount?: number | null;
                                    };
                                };
                                expiryDays: number | null;
                                signedDocuments: {
                                    toRequester: boolean;
                                    toSigners: boolean;
                                    toObservers: boolean;
                                    sendCopy: boolean;
                                };
                                finalDocCCeMails: string[];
                                invitationMessage: string | null;
                                successRedirection: string | null;
                                cancelRedirection: string | null;
                                failRedirection: string | null;
                                coSignersSignFirst: boolean;
                                preprocessing: {
                                    sepa: {
                                        rum: string;
                                        ics: string;
                                        /** @enum {string} */
                                        type: "recurrent" | "oneOff";
                                        debtor: {
                                            name: string;
                                            address: string;
                                            iban: string;
                                            bic?: string;
                                        };
                                    };
                                } | null;
                                /** @default false */
                                allowDelegation: boolean;
                            };
                            owner: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            } | null;
                            signatoryCount: number;
                            counts: {
                                draft: number;
                                queued: number;
                                sent: number;
                                opened: number;
                                signed: number;
                                refused: number;
                                expired: number;
                                canceled: number;
                                failed: number;
                            };
                            progress: {
                                total: number;
                                dispatched: number;
                                failed: number;
                                percent: number;
                                ratePerMinute: number | null;
                                etaSeconds: number | null;
                                startedAt: string | null;
                                finishedAt: string | null;
                            };
                            createdAt: string;
                            updatedAt: string;
                            sentAt: string | null;
                            completedAt: string | null;
                            canceledAt: string | null;
                            archiveAvailable: boolean;
                            documents?: {
                                /** Format: uuid */
                                id: string;
                                title: string;
                                /** @enum {string} */
                                documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                                /** @enum {string} */
                                fileType: "classic" | "zip" | "publi";
                                fileName: string;
                                checkBoxTexts: string[];
                                signatureFields: {
                                    page: number;
                                    name: string;
                                    x: number;
                                    y: number;
                                    width?: number;
                                    height?: number;
                                    signerIndex: number;
                                }[];
                                sizeBytes: number;
                                sha256: string;
                                pageCount: number;
                                createdAt: string;
                            }[];
                            allowedActions: ("update" | "send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "archive" | "retry" | "cancelSignatory" | "import")[];
                            invitations?: {
                                delivered: number;
                                waiting: number;
                                failed: number;
                            };
                        }[];
                        nextCursor?: string;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                    /** @default 1 */
                    level?: 1 | 2 | 3;
                    description?: string | null;
                    /** @default false */
                    send?: boolean;
                    signatories: {
                        firstname: string;
                        lastname: string;
                        emailAddress: string;
                        phoneNum?: string | null;
                        language?: ("fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro") | null;
                        data?: {
                            [key: string]: string;
                        } | null;
                        connector?: {
                            idc: string;
                        } | null;
                    }[];
                    documents: {
                        title?: string | null;
                        /**
                         * @default pdf
                         * @enum {string}
                         */
                        documentType?: "pdf" | "pdf-for-presentation" | "pdf-optional";
                        fileName: string;
                        /** @default [] */
                        checkBoxTexts?: string[];
                        signatureFields?: {
                            page?: number | null;
                            name?: string | null;
                            x?: number | null;
                            y?: number | null;
                            width?: number | null;
                            height?: number | null;
                            signerIndex: number;
                        }[];
                        contentBase64?: string;
                        url?: string;
                    }[];
                    options?: {
                        /**
                         * @default email
                         * @enum {string}
                         */
                        chainingMode?: "direct" | "email" | "faceToFace";
                        /**
                         * @default fr
                         * @enum {string}
                         */
                        language?: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                        level?: 1 | 2 | 3;
                        /**
                         * @default disabled
                         * @enum {string}
                         */
                        handwritten?: "disabled" | "enabled" | "touchOnly";
                        /** @default false */
                        stampBeforeSigning?: boolean;
                        stampAccount?: string | null;
                        /**
                         * @default email
                         * @enum {string}
                         */
                        contactFirstSignerBy?: "email" | "sms";
                        /** @default {} */
                        reminders?: {
                            /** @default {} */
                            mail?: {
                                /** @default 0 */
                                firstAfterDays?: number;
                                /** @default 0 */
                                intervalDays?: number;
                                maxCount?: number | null;
                            };
                            /** @default {} */
                            sms?: {
                                /** @default 0 */
                                firstAfterDays?: number;
                                /** @default 0 */
                                intervalDays?: number;
                                maxCount?: number | null;
                            };
                        };
                        expiryDays?: number | null;
                        /** @default {} */
                        signedDocuments?: {
                            /** @default true */
                            toRequester?: boolean;
                            /** @default true */
                            toSigners?: boolean;
                            /** @default false */
                            toObservers?: boolean;
                            /** @default false */
                            sendCopy?: boolean;
                        };
                        finalDocCCeMails?: string[];
                        invitationMessage?: string | null;
                        successRedirection?: string | null;
                        cancelRedirection?: string | null;
                        failRedirection?: string | null;
                        /** @default false */
                        coSignersSignFirst?: boolean;
                        /** @default false */
                        allowDelegation?: boolean;
                        preprocessing?: {
                            sepa: {
                                rum: string;
                                ics: string;
                                /** @enum {string} */
                                type: "recurrent" | "oneOff";
                                debtor: {
                                    name: string;
                                    address: string;
                                    iban: string;
                                    bic?: string;
                                };
                            };
                        } | null;
                    };
                };
            };
        };
        responses: {
            /** @description 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        type: "campain" | "publipostage";
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "deleted";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        signatoryCount: number;
                        counts: {
                            draft: number;
                            queued: number;
                            sent: number;
                            opened: number;
                            signed: number;
                            refused: number;
                            expired: number;
                            canceled: number;
                            failed: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "archive" | "retry" | "cancelSignatory" | "import")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 413 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    uploadCampaign: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        type: "campain" | "publipostage";
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "deleted";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        signatoryCount: number;
                        counts: {
                            draft: number;
                            queued: number;
                            sent: number;
                            opened: number;
                            signed: number;
                            refused: number;
                            expired: number;
                            canceled: number;
                            failed: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "archive" | "retry" | "cancelSignatory" | "import")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 413 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        type: "campain" | "publipostage";
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "deleted";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        signatoryCount: number;
                        counts: {
                            draft: number;
                            queued: number;
                            sent: number;
                            opened: number;
                            signed: number;
                            refused: number;
                            expired: number;
                            canceled: number;
                            failed: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "archive" | "retry" | "cancelSignatory" | "import")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    campaignStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        counts: {
                            draft: number;
                            queued: number;
                            sent: number;
                            opened: number;
                            signed: number;
                            refused: number;
                            expired: number;
                            canceled: number;
                            failed: number;
                        };
                        sent: number;
                        opened: number;
                        signed: number;
                        refused: number;
                        expired: number;
                        failed: number;
                        canceled: number;
                        pending: number;
                        percent: {
                            opened: number;
                            signed: number;
                            refused: number;
                            expired: number;
                            canceled: number;
                            pending: number;
                            failed: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        invitations: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "deleted";
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    listSignatories: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "queued" | "sent" | "opened" | "signed" | "refused" | "expired" | "canceled" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            rowIndex: number;
                            firstname: string;
                            lastname: string;
                            emailAddress: string;
                            phoneNum: string | null;
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro";
                            data: {
                                [key: string]: string;
                            };
                            connector: {
                                idc: string;
                            } | null;
                            /** @enum {string} */
                            status: "draft" | "queued" | "sent" | "opened" | "signed" | "refused" | "expired" | "canceled" | "failed";
                            requestId: string | null;
                            error: string | null;
                            attempts: number;
                            sentAt: string | null;
                            updatedAt: string;
                        }[];
                        nextCursor?: string;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    sendCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        type: "campain" | "publipostage";
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "deleted";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        signatoryCount: number;
                        counts: {
                            draft: number;
                            queued: number;
                            sent: number;
                            opened: number;
                            signed: number;
                            refused: number;
                            expired: number;
                            canceled: number;
                            failed: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "archive" | "retry" | "cancelSignatory" | "import")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    cancelCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        type: "campain" | "publipostage";
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "deleted";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        signatoryCount: number;
                        counts: {
                            draft: number;
                            queued: number;
                            sent: number;
                            opened: number;
                            signed: number;
                            refused: number;
                            expired: number;
                            canceled: number;
                            failed: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "archive" | "retry" | "cancelSignatory" | "import")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    listOperations: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            label: string;
                            description: string | null;
                            /** @enum {string} */
                            status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
                            level: 1 | 2 | 3;
                            options: {
                                /** @enum {string} */
                                chainingMode: "direct" | "email" | "faceToFace";
                                /** @enum {string} */
                                language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                                /** @enum {string} */
                                handwritten: "disabled" | "enabled" | "touchOnly";
                                stampBeforeSigning: boolean;
                                stampAccount: string | null;
                                /** @enum {string} */
                                contactFirstSignerBy: "email" | "sms";
                                reminders: {
                                    mail: {
                                        firstAfterDays: number;
                                        intervalDays: number;
                                        maxCount?: number | null;
                                    };
                                    sms: {
                                        firstAfterDays: number;
                                        intervalDays: number;
                                        maxCount?: number | null;
                                    };
                                };
                                expiryDays: number | null;
                                signedDocuments: {
                                    toRequester: boolean;
                                    toSigners: boolean;
                                    toObservers: boolean;
                                    sendCopy: boolean;
                                };
                                finalDocCCeMails: string[];
                                invitationMessage: string | null;
                                successRedirection: string | null;
                                cancelRedirection: string | null;
                                failRedirection: string | null;
                                coSignersSignFirst: boolean;
                                preprocessing: {
                                    sepa: {
                                        rum: string;
                                        ics: string;
                                        /** @enum {string} */
                                        type: "recurrent" | "oneOff";
                                        debtor: {
                                            name: string;
                                            address: string;
                                            iban: string;
                                            bic?: string;
                                        };
                                    };
                                } | null;
                                /** @default false */
                                allowDelegation: boolean;
                            };
                            owner: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            } | null;
                            orderCount: number;
                            counts: {
                                draft: number;
                                beforeSend: number;
                                pending: number;
                                ready: number;
                                completed: number;
                                failed: number;
                                canceled: number;
                                expired: number;
                            };
                            progress: {
                                total: number;
                                dispatched: number;
                                failed: number;
                                percent: number;
                                ratePerMinute: number | null;
                                etaSeconds: number | null;
                                startedAt: string | null;
                                finishedAt: string | null;
                            };
                            createdAt: string;
                            updatedAt: string;
                            sentAt: string | null;
                            completedAt: string | null;
                            canceledAt: string | null;
                            archiveAvailable: boolean;
                            documents?: {
                                /** Format: uuid */
                                id: string;
                                fileName: string;
                                title: string;
                                pageCount: number;
                                sizeBytes: number;
                                sha256: string;
                                orders: number;
                            }[];
                            allowedActions: ("update" | "send" | "cancel" | "relaunch" | "retry" | "delete" | "archive" | "export" | "import" | "editOrder" | "cancelOrder" | "deleteOrder" | "deleteDocument")[];
                            statusTargets: ("draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired")[];
                            invitations?: {
                                delivered: number;
                                waiting: number;
                                failed: number;
                            };
                            fromTemplate: {
                                /** Format: uuid */
                                templateId: string;
                                templateName: string;
                                version: number;
                                document: string;
                                roles: {
                                    name: string;
                                    /** @enum {string} */
                                    role: "signer" | "observer" | "validator";
                                    step: number | null;
                                    prefill: {
                                        firstname: string;
                                        lastname: string;
                                        emailAddress: string;
                                    } | null;
                                }[];
                            } | null;
                        }[];
                        nextCursor?: string;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    createOperation: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                    /** @default 1 */
                    level?: 1 | 2 | 3;
                    description?: string | null;
                    /** @default false */
                    send?: boolean;
                    documents: {
                        fileName: string;
                        title?: string | null;
                        contentBase64?: string;
                        url?: string;
                    }[];
                    orders: {
                        signers: {
                            firstname: string;
                            lastname: string;
                            emailAddress: string;
                            phoneNum?: string | null;
                            language?: ("fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro") | null;
                            /**
                             * @default signer
                             * @enum {string}
                             */
                            role?: "signer" | "observer" | "validator";
                            step?: number | null;
                        }[];
                        document: string;
                        signatureFields?: {
                            page?: number | null;
                            name?: string | null;
                            x?: number | null;
                            y?: number | null;
                            width?: number | null;
                            height?: number | null;
                            signerIndex: number;
                        }[];
                    }[];
                    options?: {
                        /**
                         * @default email
                         * @enum {string}
                         */
                        chainingMode?: "direct" | "email" | "faceToFace";
                        /**
                         * @default fr
                         * @enum {string}
                         */
                        language?: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                        level?: 1 | 2 | 3;
                        /**
                         * @default disabled
                         * @enum {string}
                         */
                        handwritten?: "disabled" | "enabled" | "touchOnly";
                        /** @default false */
                        stampBeforeSigning?: boolean;
                        stampAccount?: string | null;
                        /**
                         * @default email
                         * @enum {string}
                         */
                        contactFirstSignerBy?: "email" | "sms";
                        /** @default {} */
                        reminders?: {
                            /** @default {} */
                            mail?: {
                                /** @default 0 */
                                firstAfterDays?: number;
                                /** @default 0 */
                                intervalDays?: number;
                                maxCount?: number | null;
                            };
                            /** @default {} */
                            sms?: {
                                /** @default 0 */
                                firstAfterDays?: number;
                                /** @default 0 */
                                intervalDays?: number;
                                maxCount?: number | null;
                            };
                        };
                        expiryDays?: number | null;
                        /** @default {} */
                        signedDocuments?: {
                            /** @default true */
                            toRequester?: boolean;
                            /** @default true */
                            toSigners?: boolean;
                            /** @default false */
                            toObservers?: boolean;
                            /** @default false */
                            sendCopy?: boolean;
                        };
                        finalDocCCeMails?: string[];
                        invitationMessage?: string | null;
                        successRedirection?: string | null;
                        cancelRedirection?: string | null;
                        failRedirection?: string | null;
                        /** @default false */
                        coSignersSignFirst?: boolean;
                        /** @default false */
                        allowDelegation?: boolean;
                        preprocessing?: {
                            sepa: {
                                rum: string;
                                ics: string;
                                /** @enum {string} */
                                type: "recurrent" | "oneOff";
                                debtor: {
                                    name: string;
                                    address: string;
                                    iban: string;
                                    bic?: string;
                                };
                            };
                        } | null;
                    };
                };
            };
        };
        responses: {
            /** @description 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        orderCount: number;
                        counts: {
                            draft: number;
                            beforeSend: number;
                            pending: number;
                            ready: number;
                            completed: number;
                            failed: number;
                            canceled: number;
                            expired: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            fileName: string;
                            title: string;
                            pageCount: number;
                            sizeBytes: number;
                            sha256: string;
                            orders: number;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "retry" | "delete" | "archive" | "export" | "import" | "editOrder" | "cancelOrder" | "deleteOrder" | "deleteDocument")[];
                        statusTargets: ("draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                        fromTemplate: {
                            /** Format: uuid */
                            templateId: string;
                            templateName: string;
                            version: number;
                            document: string;
                            roles: {
                                name: string;
                                /** @enum {string} */
                                role: "signer" | "observer" | "validator";
                                step: number | null;
                                prefill: {
                                    firstname: string;
                                    lastname: string;
                                    emailAddress: string;
                                } | null;
                            }[];
                        } | null;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 413 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    uploadOperation: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        orderCount: number;
                        counts: {
                            draft: number;
                            beforeSend: number;
                            pending: number;
                            ready: number;
                            completed: number;
                            failed: number;
                            canceled: number;
                            expired: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            fileName: string;
                            title: string;
                            pageCount: number;
                            sizeBytes: number;
                            sha256: string;
                            orders: number;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "retry" | "delete" | "archive" | "export" | "import" | "editOrder" | "cancelOrder" | "deleteOrder" | "deleteDocument")[];
                        statusTargets: ("draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                        fromTemplate: {
                            /** Format: uuid */
                            templateId: string;
                            templateName: string;
                            version: number;
                            document: string;
                            roles: {
                                name: string;
                                /** @enum {string} */
                                role: "signer" | "observer" | "validator";
                                step: number | null;
                                prefill: {
                                    firstname: string;
                                    lastname: string;
                                    emailAddress: string;
                                } | null;
                            }[];
                        } | null;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 413 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    getOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        orderCount: number;
                        counts: {
                            draft: number;
                            beforeSend: number;
                            pending: number;
                            ready: number;
                            completed: number;
                            failed: number;
                            canceled: number;
                            expired: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            fileName: string;
                            title: string;
                            pageCount: number;
                            sizeBytes: number;
                            sha256: string;
                            orders: number;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "retry" | "delete" | "archive" | "export" | "import" | "editOrder" | "cancelOrder" | "deleteOrder" | "deleteDocument")[];
                        statusTargets: ("draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                        fromTemplate: {
                            /** Format: uuid */
                            templateId: string;
                            templateName: string;
                            version: number;
                            document: string;
                            roles: {
                                name: string;
                                /** @enum {string} */
                                role: "signer" | "observer" | "validator";
                                step: number | null;
                                prefill: {
                                    firstname: string;
                                    lastname: string;
                                    emailAddress: string;
                                } | null;
                            }[];
                        } | null;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    operationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        counts: {
                            draft: number;
                            beforeSend: number;
                            pending: number;
                            ready: number;
                            completed: number;
                            failed: number;
                            canceled: number;
                            expired: number;
                        };
                        sent: number;
                        waiting: number;
                        percent: {
                            completed: number;
                            waiting: number;
                            failed: number;
                            canceled: number;
                            expired: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        invitations: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "beforeSend" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            rowIndex: number;
                            transactionSigners: {
                                firstname: string;
                                lastname: string;
                                emailAddress: string;
                                phoneNum: string | null;
                                /** @enum {string} */
                                language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro";
                                /** @enum {string} */
                                role: "signer" | "observer" | "validator";
                                step: number | null;
                            }[];
                            document: string;
                            signatureFields: {
                                page: number;
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                signerIndex: number;
                            }[];
                            /** @enum {string} */
                            status: "draft" | "beforeSend" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
                            requestId: string | null;
                            error: string | null;
                            attempts: number;
                            sentAt: string | null;
                            updatedAt: string;
                        }[];
                        nextCursor?: string;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    sendOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        orderCount: number;
                        counts: {
                            draft: number;
                            beforeSend: number;
                            pending: number;
                            ready: number;
                            completed: number;
                            failed: number;
                            canceled: number;
                            expired: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            fileName: string;
                            title: string;
                            pageCount: number;
                            sizeBytes: number;
                            sha256: string;
                            orders: number;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "retry" | "delete" | "archive" | "export" | "import" | "editOrder" | "cancelOrder" | "deleteOrder" | "deleteDocument")[];
                        statusTargets: ("draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                        fromTemplate: {
                            /** Format: uuid */
                            templateId: string;
                            templateName: string;
                            version: number;
                            document: string;
                            roles: {
                                name: string;
                                /** @enum {string} */
                                role: "signer" | "observer" | "validator";
                                step: number | null;
                                prefill: {
                                    firstname: string;
                                    lastname: string;
                                    emailAddress: string;
                                } | null;
                            }[];
                        } | null;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    cancelOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired";
                        level: 1 | 2 | 3;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        orderCount: number;
                        counts: {
                            draft: number;
                            beforeSend: number;
                            pending: number;
                            ready: number;
                            completed: number;
                            failed: number;
                            canceled: number;
                            expired: number;
                        };
                        progress: {
                            total: number;
                            dispatched: number;
                            failed: number;
                            percent: number;
                            ratePerMinute: number | null;
                            etaSeconds: number | null;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        archiveAvailable: boolean;
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            fileName: string;
                            title: string;
                            pageCount: number;
                            sizeBytes: number;
                            sha256: string;
                            orders: number;
                        }[];
                        allowedActions: ("update" | "send" | "cancel" | "relaunch" | "retry" | "delete" | "archive" | "export" | "import" | "editOrder" | "cancelOrder" | "deleteOrder" | "deleteDocument")[];
                        statusTargets: ("draft" | "pending" | "ready" | "completed" | "failed" | "canceled" | "expired")[];
                        invitations?: {
                            delivered: number;
                            waiting: number;
                            failed: number;
                        };
                        fromTemplate: {
                            /** Format: uuid */
                            templateId: string;
                            templateName: string;
                            version: number;
                            document: string;
                            roles: {
                                name: string;
                                /** @enum {string} */
                                role: "signer" | "observer" | "validator";
                                step: number | null;
                                prefill: {
                                    firstname: string;
                                    lastname: string;
                                    emailAddress: string;
                                } | null;
                            }[];
                        } | null;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            description: string | null;
                            /** @enum {string} */
                            visibility: "private" | "team" | "tenant";
                            version: number;
                            level: 1 | 2 | 3;
                            requestLabel: string | null;
                            owner: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            } | null;
                            archivedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            useCount: number;
                            editable: boolean;
                            directLink: {
                                enabled: boolean;
                                live: boolean;
                                useCount: number;
                            } | null;
                            roleNames: string[];
                            documentCount: number;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        description: string | null;
                        /** @enum {string} */
                        visibility: "private" | "team" | "tenant";
                        version: number;
                        level: 1 | 2 | 3;
                        requestLabel: string | null;
                        roles: {
                            name: string;
                            /** @enum {string} */
                            role: "signer" | "observer" | "validator";
                            coSigner: boolean;
                            step: number | null;
                            language: ("fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro") | null;
                            invitationMessage: string | null;
                            prefill: {
                                firstname: string;
                                lastname: string;
                                emailAddress: string;
                                phoneNum?: string | null;
                            } | null;
                        }[];
                        documents: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                            activeContent?: {
                                found: string[];
                                neutralised: string[];
                            };
                        }[];
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        archivedAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        useCount: number;
                        editable: boolean;
                        directLink: {
                            enabled: boolean;
                            live: boolean;
                            useCount: number;
                        } | null;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    templateEditorLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    templateId?: string;
                };
            };
        };
        responses: {
            /** @description 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        expiresAt: string;
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
    createRequestFromTemplate: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    version?: number;
                    label?: string;
                    description?: string | null;
                    roles?: {
                        role: string | number;
                        firstname: string;
                        lastname: string;
                        emailAddress: string;
                        phoneNum?: string | null;
                        language?: ("fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro") | null;
                        connector?: {
                            idc: string;
                        } | null;
                        invitationMessage?: string | null;
                    }[];
                    /** @default false */
                    send?: boolean;
                };
            };
        };
        responses: {
            /** @description 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        label: string;
                        description: string | null;
                        /** @enum {string} */
                        status: "draft" | "pending" | "preprocess" | "preprocess_access" | "ready" | "wait_cosigner" | "signed" | "completed" | "refused" | "canceled" | "expired" | "failed";
                        level: 1 | 2 | 3;
                        testMode: boolean;
                        owner: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        expiresAt: string | null;
                        completedAt: string | null;
                        canceledAt: string | null;
                        completionFailure?: string | null;
                        documentsPurgedAt?: string | null;
                        signerDataPurgedAt?: string | null;
                        signerCount: number;
                        percentSigned: number;
                        percentResponses: number;
                        options: {
                            /** @enum {string} */
                            chainingMode: "direct" | "email" | "faceToFace";
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se";
                            /** @enum {string} */
                            handwritten: "disabled" | "enabled" | "touchOnly";
                            stampBeforeSigning: boolean;
                            stampAccount: string | null;
                            /** @enum {string} */
                            contactFirstSignerBy: "email" | "sms";
                            reminders: {
                                mail: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                                sms: {
                                    firstAfterDays: number;
                                    intervalDays: number;
                                    maxCount?: number | null;
                                };
                            };
                            expiryDays: number | null;
                            signedDocuments: {
                                toRequester: boolean;
                                toSigners: boolean;
                                toObservers: boolean;
                                sendCopy: boolean;
                            };
                            finalDocCCeMails: string[];
                            invitationMessage: string | null;
                            successRedirection: string | null;
                            cancelRedirection: string | null;
                            failRedirection: string | null;
                            coSignersSignFirst: boolean;
                            preprocessing: {
                                sepa: {
                                    rum: string;
                                    ics: string;
                                    /** @enum {string} */
                                    type: "recurrent" | "oneOff";
                                    debtor: {
                                        name: string;
                                        address: string;
                                        iban: string;
                                        bic?: string;
                                    };
                                };
                            } | null;
                            /** @default false */
                            allowDelegation: boolean;
                        };
                        signers?: {
                            /** Format: uuid */
                            id: string;
                            firstname: string;
                            lastname: string;
                            emailAddress: string;
                            phoneNum: string | null;
                            /** @enum {string} */
                            language: "fr" | "en" | "de" | "dk" | "es" | "fi" | "gr" | "it" | "nl" | "no" | "pt" | "se" | "bg" | "ca" | "pl" | "ro";
                            /** @enum {string} */
                            role: "signer" | "observer" | "validator";
                            coSigner: boolean;
                            connector: {
                                idc: string;
                            } | null;
                            signerIndex: number;
                            step: number | null;
                            invitationMessage: string | null;
                            refusalComment: string | null;
                            /** @enum {string} */
                            status: "before" | "waiting" | "waitcosigner" | "ready" | "access" | "codeSent" | "pendingId" | "pendingValidation" | "signed" | "cancel" | "aborted" | "failed" | "expired" | "delegated";
                            actionAt: string | null;
                            invitedAt: string | null;
                            lastReminderAt: string | null;
                            reminderCount: number;
                            handedOver: {
                                /** Format: uuid */
                                toSignerId: string;
                                toName: string;
                                reason: string;
                                at: string;
                            } | null;
                            delegatedBy: {
                                /** Format: uuid */
                                signerId: string;
                                name: string;
                            } | null;
                            lastMessage: {
                                /** @enum {string} */
                                channel: "email" | "sms";
                                /** @enum {string} */
                                status: "queued" | "retrying" | "captured" | "sent" | "failed";
                                error: string | null;
                                at: string;
                            } | null;
                        }[];
                        documents?: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            documentType: "pdf" | "pdf-for-presentation" | "pdf-optional";
                            /** @enum {string} */
                            fileType: "classic" | "zip" | "publi";
                            fileName: string;
                            checkBoxTexts: string[];
                            signatureFields: {
                                page: number;
                                name: string;
                                x: number;
                                y: number;
                                width?: number;
                                height?: number;
                                signerIndex: number;
                            }[];
                            sizeBytes: number;
                            sha256: string;
                            pageCount: number;
                            createdAt: string;
                            activeContent?: {
                                found: string[];
                                neutralised: string[];
                            };
                        }[];
                        allowedActions: ("send" | "cancel" | "relaunch" | "delete" | "duplicate" | "export" | "download" | "regenerateArchive" | "cancelSigner" | "retryCompletion")[];
                        links: {
                            /** Format: uuid */
                            signerId: string;
                            signerIndex: number;
                            name: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
            /** @description 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        code: string;
                        errors?: {
                            field: string;
                            rule: string;
                            message: string;
                        }[];
                        instance?: string;
                    };
                };
            };
        };
    };
}
